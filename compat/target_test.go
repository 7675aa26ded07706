package compat

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShellQuoteRoundTrips checks that every quoted argument of a shim
// command reaches the shell as the same bytes, in bash and in /bin/sh and
// under the C locale (no $'\u…' escapes whose meaning depends on it).
func TestShellQuoteRoundTrips(t *testing.T) {
	cases := []string{
		"plain", "", "with space", "it's", `back\slash`, "$HOME", "`cmd`",
		"new\nline", "tab\there", "é-accent", "emoji 🙂", "\u200bzero-width",
		"bell\a", "\xff\xfe invalid utf-8", "a'b'c", "--flag=x y",
	}
	for _, sh := range []string{"bash", "/bin/sh"} {
		path, err := exec.LookPath(sh)
		if err != nil {
			continue
		}
		for _, s := range cases {
			cmd := exec.Command(path, "-c", "printf %s "+shellQuote(s))
			cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin"}
			out, err := cmd.Output()
			require.NoError(t, err, "%s: %q", sh, s)
			assert.Equal(t, s, string(out), "%s: quoted as %s", sh, shellQuote(s))
		}
	}
}

// TestConvertMergeDiffersWarning: two Claude hooks that can run for the
// same call of a blocking event get one merge-differs warning for the
// native target (serial, first block, first updated_args) and none for
// --target hookcompat; hooks of disjoint exact matchers, post-tool hooks
// and async hooks get none.
func TestConvertMergeDiffersWarning(t *testing.T) {
	settingsJSON := func(groups string) []byte {
		return []byte(`{"hooks":{` + groups + `}}`)
	}
	hook := func(matcher, cmd string) string {
		return `{"matcher":"` + matcher + `","hooks":[{"type":"command","command":"` + cmd + `"}]}`
	}
	codes := func(target string, data []byte) []string {
		c := Convert([]Input{{Name: "settings.json", Data: data, From: "claude"}}, ConvertOptions{Target: target})
		require.Empty(t, c.Errors)
		var out []string
		for _, w := range c.Warnings {
			if w.Code == CodeMergeDiffers {
				out = append(out, w.String())
			}
		}
		return out
	}
	for name, tc := range map[string]struct {
		groups string
		want   int
	}{
		"same tool":                 {`"PreToolUse":[` + hook("Bash", "a") + `,` + hook("Bash", "b") + `]`, 1},
		"matcher-less and one tool": {`"PreToolUse":[` + hook("Bash", "a") + `,` + hook("", "b") + `]`, 1},
		"regex and one tool":        {`"PreToolUse":[` + hook("Edit", "a") + `,` + hook("mcp__.*", "b") + `]`, 1},
		"three hooks warn once":     {`"PreToolUse":[` + hook("", "a") + `,` + hook("", "b") + `,` + hook("", "c") + `]`, 1},
		"disjoint tools":            {`"PreToolUse":[` + hook("Bash", "a") + `,` + hook("Edit|Write", "b") + `]`, 0},
		"post-tool runs all":        {`"PostToolUse":[` + hook("", "a") + `,` + hook("", "b") + `]`, 0},
		"two events":                {`"PreToolUse":[` + hook("", "a") + `],"Stop":[` + hook("", "b") + `]`, 0},
		"Stop hooks":                {`"Stop":[` + hook("", "a") + `,` + hook("", "b") + `]`, 1},
	} {
		t.Run(name, func(t *testing.T) {
			data := settingsJSON(tc.groups)
			got := codes(TargetNative, data)
			assert.Len(t, got, tc.want, "%v", got)
			assert.Empty(t, codes(TargetHookcompat, data), "Claude's merge is kept with extension fields")
		})
	}
}
