//go:build race

package claude

// raceEnabled: the race detector maps its shadow memory on demand, so the
// interpreter child's address-space cap would stop it for no reason.
const raceEnabled = true
