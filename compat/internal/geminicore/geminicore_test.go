package geminicore

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/settings"
)

// TestStripCommentsKeepsOffsets: comments become blanks of the same
// length (newlines kept), markers inside strings are text, so a syntax
// error after a comment is reported at its real line and column.
func TestStripCommentsKeepsOffsets(t *testing.T) {
	in := "{\n  // line\n  \"a\": \"x // not /* a */ comment\", /* block\n spans */ \"b\": 1\n}\n"
	out, spans := StripComments([]byte(in))
	require.Len(t, out, len(in))
	assert.Len(t, spans, 2)
	assert.Equal(t, strings.Count(in, "\n"), strings.Count(string(out), "\n"))
	var v map[string]any
	require.NoError(t, json.Unmarshal(out, &v))
	assert.Equal(t, "x // not /* a */ comment", v["a"])
	assert.Equal(t, `"\"`, string(mustStrip(`"\"`)), "an escaped quote does not end the string")
	_, err := Parse("f.json", []byte("{\n  // c\n  \"a\": ,\n}"), ParseOptions{Comments: true})
	var se *settings.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 3, se.Line, "the error is on line 3 of the file")
	assert.Equal(t, "{    \n}", string(mustStrip("{/**/\n}")))
	assert.Equal(t, "{  ", string(mustStrip("{/*")), "an unterminated block comment runs to the end")
}

func mustStrip(s string) []byte { b, _ := StripComments([]byte(s)); return b }

// TestParseBOM: a byte order mark is a syntax error at 1:1 unless the
// agent strips it (Qwen Code); positions after a stripped BOM stay right.
func TestParseBOM(t *testing.T) {
	_, err := Parse("f.json", []byte("\ufeff{}"), ParseOptions{Comments: true})
	var se *settings.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, [2]int{1, 1}, [2]int{se.Line, se.Col})
	d, err := Parse("f.json", []byte("\ufeff{\"a\": 1}"), ParseOptions{Comments: true, StripBOM: true})
	require.NoError(t, err)
	line, col := d.Pos(d.Root.Get("a").Offset)
	assert.Equal(t, [2]int{1, 10}, [2]int{line, col}, "offsets count the BOM's three bytes as in the file")
	_, err = Parse("f.json", []byte("[1]"), ParseOptions{})
	assert.ErrorContains(t, err, "want a JSON object")
	_, err = Parse("f.json", []byte("  "), ParseOptions{})
	assert.ErrorContains(t, err, "empty")
}

func TestExpander(t *testing.T) {
	env := map[string]string{"HOME": "/h", "EMPTY": ""}
	look := func(n string) (string, bool) { v, ok := env[n]; return v, ok }
	g := Expander{Lookup: look, Defaults: true}
	for in, want := range map[string]string{
		"'$HOME'":              "'/h'",
		"${HOME}/x":            "/h/x",
		"${UNSET:-dflt}":       "dflt",
		"${EMPTY:-dflt}":       "",
		"$UNSET and $$":        "$UNSET and $$",
		"${A:B}":               "${A:B}",
		"$HOMEX":               "$HOMEX",
		"${HOME:-x}${HOME}":    "/h/h",
		"no refs":              "no refs",
		"'${GEMINI_CWD:-dot}'": "'dot'",
	} {
		assert.Equal(t, want, g.Expand(in), in)
	}
	q := Expander{Lookup: look, Keep: func(n string) bool { return strings.EqualFold(n, "session_id") }}
	assert.Equal(t, "${UNSET:-d}", q.Expand("${UNSET:-d}"), "no defaults in Qwen Code")
	assert.Equal(t, "$SESSION_ID /h", q.Expand("$SESSION_ID $HOME"))
	assert.True(t, g.HasRefs("a $B"))
	assert.False(t, g.HasRefs("a $ b"))
}

func TestOutputAccessors(t *testing.T) {
	o := NewOutput([]byte(`{"continue": false, "reason": 5, "stopReason": "", "decision": "deny", "hookSpecificOutput": {"x": 1}, "suppressOutput": 0}`))
	assert.True(t, o.ContinueFalse())
	r, ok := o.Text("reason")
	assert.True(t, ok)
	assert.Equal(t, "5", r)
	_, ok = o.Text("stopReason")
	assert.False(t, ok, "an empty string is falsy")
	assert.False(t, o.Truthy("suppressOutput"))
	d, _ := o.StringField("decision")
	assert.Equal(t, "deny", d)
	assert.Len(t, o.Specific(), 1)
	arr := NewOutput([]byte(`[1]`))
	assert.False(t, arr.ContinueFalse())
	assert.Nil(t, arr.Specific())
	assert.Equal(t, "a &lt;b&gt; & 'c'", EscapeContext("a <b> & 'c'"))
	assert.Equal(t, "x", TrimJS("\ufeff\u00a0 x \n"))
}

// TestWriteInPlaceKeepsOtherBytes: replacing or adding the hooks object
// leaves every other byte of the file as it was, comments included;
// groups that are not the target's own are kept.
func TestWriteInPlaceKeepsOtherBytes(t *testing.T) {
	build := func(keep []KeptEvent, indent, unit string) []byte {
		return HooksValue([]Handler{{Event: "BeforeTool", Matcher: "x", Name: NamePrefix + "1", Command: "hookcompat exec --host gemini -- true", Timeout: 5}}, []string{"BeforeTool"}, keep, indent, unit)
	}
	isEvent := func(k string) bool { return k == "BeforeTool" || k == "AfterTool" }
	ours := func(g *jsonpos.Node) bool { return OwnGroup(g, "gemini") }
	for name, in := range map[string]string{
		"no hooks":      "{\n  // the model\n  \"model\": {\"name\": \"m\"} /* trailing */\n}\n",
		"empty object":  "{}",
		"bom":           "\ufeff{\n\t\"a\": 1\n}",
		"with hooks":    "{\n  \"a\": 1, // keep\n  \"hooks\": {\"BeforeTool\": [{\"hooks\": [{\"type\": \"command\", \"name\": \"hc-old\", \"command\": \"hookcompat exec --host gemini -- old\"}]}, {\"hooks\": [/* mine */ {\"type\": \"command\", \"command\": \"mine.sh\"}]}], \"enabled\": true},\n  \"z\": [1, 2]\n}\n",
		"hooks comment": "{\n  \"hooks\": /* old */ {}, \"b\": true\n}",
	} {
		t.Run(name, func(t *testing.T) {
			res, err := WriteInPlace("f.json", []byte(in), isEvent, ours, build)
			require.NoError(t, err)
			out := string(res.Data)
			clean, _ := StripComments([]byte(strings.TrimPrefix(out, "\ufeff")))
			var v map[string]any
			require.NoError(t, json.Unmarshal(clean, &v), out)
			hooks, _ := v["hooks"].(map[string]any)
			require.NotNil(t, hooks, out)
			// Every byte outside the hooks member is unchanged.
			if strings.Contains(in, `"hooks"`) {
				assert.Equal(t, outside(t, in), outside(t, out))
			} else {
				assert.Equal(t, outside(t, in), inserted(t, out))
			}
			if name == "with hooks" {
				assert.NotContains(t, out, "hc-old", "the target's own groups are replaced")
				assert.Contains(t, out, "/* mine */ {\"type\": \"command\", \"command\": \"mine.sh\"}", "other groups are kept byte for byte")
				assert.Contains(t, out, `"enabled": true`)
				assert.Equal(t, 1, res.Kept)
			}
		})
	}
}

// outside returns a file's bytes without its "hooks" value (without the
// whole member when inserted), to compare the rest of two files: for a
// file that had hooks, the bytes around the value; for one that did not,
// the output minus everything from the previous member's end (or the
// opening brace) to the end of the hooks value.
func outside(t *testing.T, s string) string {
	t.Helper()
	body := strings.TrimPrefix(s, "\ufeff")
	shift := len(s) - len(body)
	clean, _ := StripComments([]byte(body))
	root, err := jsonpos.Parse(clean)
	require.NoError(t, err)
	prevEnd := root.Offset + 1
	for _, m := range root.Members {
		if m.Key == "hooks" {
			return s[:m.Value.Offset+shift] + "|" + s[m.Value.Offset+len(m.Value.Raw)+shift:]
		}
		prevEnd = m.Value.Offset + len(m.Value.Raw)
	}
	return s[:prevEnd+shift] + "|" + s[prevEnd+shift:]
}

// inserted removes an inserted hooks member from out: from the end of the
// member before it (or the opening brace) to the end of its value.
func inserted(t *testing.T, out string) string {
	t.Helper()
	body := strings.TrimPrefix(out, "\ufeff")
	shift := len(out) - len(body)
	clean, _ := StripComments([]byte(body))
	root, err := jsonpos.Parse(clean)
	require.NoError(t, err)
	prevEnd := root.Offset + 1
	for _, m := range root.Members {
		if m.Key == "hooks" {
			end := m.Value.Offset + len(m.Value.Raw)
			if prevEnd == root.Offset+1 && end < len(body) && body[end] == '\n' {
				end++ // an empty object got the member on a line of its own
			}
			return out[:prevEnd+shift] + "|" + out[end+shift:]
		}
		prevEnd = m.Value.Offset + len(m.Value.Raw)
	}
	t.Fatalf("no hooks member in %q", out)
	return ""
}

func TestShellQuoteArgsSurvivesExpansion(t *testing.T) {
	cmd := ShellQuoteArgs([]string{"hookcompat", "exec", "--", `echo "$HOME" '${X:-y}' $GEMINI_PROJECT_DIR it's`})
	g := Expander{Lookup: func(string) (string, bool) { return "EXPANDED", true }, Defaults: true}
	assert.Equal(t, cmd, g.Expand(cmd), "no $NAME or ${ is left for the agents' load-time expansion")
	assert.NotContains(t, cmd, "$GEMINI_PROJECT_DIR")
	assert.Equal(t, "a b", ShellQuoteArgs([]string{"a", "b"}))
}
