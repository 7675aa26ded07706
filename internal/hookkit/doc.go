// Package hookkit holds the helpers hookcompat's protocols share and no
// program outside the module needs: environment lists ("KEY=value"),
// header expansion (HK-62), the matchers of if rules (HK-64: shell
// commands, path globs, hosts), the first line of a hook's stderr, a
// script's #! line, and the did-you-mean hints (the edit distance, and
// the nearest of a list of names: Nearest).
package hookkit
