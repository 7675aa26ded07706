package native_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/translate"
)

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
		cfg, warns, err := claude.Format.Translate(translate.Source{Path: "settings.json", Data: data})
		require.NoError(t, err)
		require.Empty(t, warns)
		tgt, err := format.GetTarget(target)
		require.NoError(t, err)
		res, err := tgt.Write(cfg, &format.TargetOptions{})
		require.NoError(t, err)
		var out []string
		for _, w := range res.Warnings {
			if w.Code == native.CodeMergeDiffers {
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
			got := codes(native.TargetNative, data)
			assert.Len(t, got, tc.want, "%v", got)
			assert.Empty(t, codes(native.TargetHookcompat, data), "Claude's merge is kept with extension fields")
		})
	}
}
