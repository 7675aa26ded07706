package compat

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// numberField is one numeric field of one format: the file (path under
// the project, for discovery) whose text doc(value) holds value in that
// field, the rest valid.
type numberField struct {
	format, field, path string
	toml                bool // the value is written as TOML, not JSON
	doc                 func(value string) string
}

// handlerIn is a JSON file of format f with one pre-tool handler whose
// members are members, the value in place of %s.
func handlerIn(f discovered, members string) func(string) string {
	return func(v string) string { return f.doc(strings.ReplaceAll(members, "%s", v)) }
}

func numberFields() []numberField {
	by := map[string]discovered{}
	for _, f := range discoveredFormats {
		by[f.format] = f
	}
	cl, cx, gm, qw, cu, ph := by["claude"], by["codex"], by["gemini"], by["qwen"], by["cursor"], by["phi"]
	return []numberField{
		{format: "claude", field: "command timeout", path: cl.project, doc: handlerIn(cl, `"type":"command","command":"true","timeout":%s`)},
		{format: "claude", field: "http timeout", path: cl.project, doc: handlerIn(cl, `"type":"http","url":"http://127.0.0.1:9/","timeout":%s`)},
		{format: "claude", field: "prompt timeout", path: cl.project, doc: handlerIn(cl, `"type":"prompt","prompt":"ok?","timeout":%s`)},
		{format: "claude", field: "agent timeout", path: cl.project, doc: handlerIn(cl, `"type":"agent","prompt":"ok?","timeout":%s`)},
		{format: "codex", field: "timeout", path: cx.project, doc: handlerIn(cx, `"type":"command","command":"true","timeout":%s`)},
		{format: "codex", field: "additionalContextLimit", path: cx.project, doc: handlerIn(cx, `"type":"command","command":"true","additionalContextLimit":%s`)},
		{format: "codex", field: "config.toml timeout", path: ".codex/config.toml", toml: true, doc: func(v string) string {
			return "[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"true\"\ntimeout = " + v + "\n"
		}},
		{format: "codex", field: "config.toml additionalContextLimit", path: ".codex/config.toml", toml: true, doc: func(v string) string {
			return "[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"true\"\nadditionalContextLimit = " + v + "\n"
		}},
		{format: "gemini", field: "command timeout", path: gm.project, doc: handlerIn(gm, `"type":"command","command":"true","timeout":%s`)},
		{format: "qwen", field: "command timeout", path: qw.project, doc: handlerIn(qw, `"type":"command","command":"true","timeout":%s`)},
		{format: "qwen", field: "http timeout", path: qw.project, doc: handlerIn(qw, `"type":"http","url":"http://127.0.0.1:9/","timeout":%s`)},
		{format: "qwen", field: "prompt timeout", path: qw.project, doc: handlerIn(qw, `"type":"prompt","prompt":"ok?","timeout":%s`)},
		{format: "qwen", field: "stopHookBlockingCap", path: qw.project, doc: func(v string) string {
			return `{"stopHookBlockingCap":` + v + `,"hooks":{"Stop":[{"hooks":[{"type":"command","command":"true"}]}]}}`
		}},
		{format: "cursor", field: "timeout", path: cu.project, doc: handlerIn(cu, `"command":"true","timeout":%s`)},
		{format: "cursor", field: "loop_limit", path: cu.project, doc: func(v string) string {
			return `{"version":1,"hooks":{"stop":[{"command":"true","loop_limit":` + v + `}]}}`
		}},
		{format: "cursor", field: "version", path: cu.project, doc: func(v string) string {
			return `{"version":` + v + `,"hooks":{"preToolUse":[{"command":"true"}]}}`
		}},
		{format: "phi", field: "timeout", path: ph.project, doc: handlerIn(ph, `"event":"pre_tool","run":"./run.sh","timeout":%s`)},
		{format: "native", field: "timeout_seconds", path: "hooks.toml", toml: true, doc: func(v string) string {
			return "[[hooks.pre_tool]]\ncommand = \"true\"\ntimeout_seconds = " + v + "\n"
		}},
	}
}

// hostileJSON and hostileTOML are the values every numeric field is
// given: huge, negative, overflowing, fractional, exponent forms,
// NaN-ish strings and values of other types.
var hostileJSON = []string{
	"9.3e15", "9300000000000000", "1e300", "-1e300", "1e309", "-1e309", "123456789012345678901234567890",
	"9223372036.854775807", "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
	"2147483648", "2147483647.5", "-1", "-0", "0", "0.5", "1e-300", "1.5e3", "1E3", "1e3", "2.5",
	`"NaN"`, `"Infinity"`, `"-Infinity"`, `"1e309"`, `"9.3e15"`, `"0x10"`, `" 12 "`, `""`, `"-5"`, `"1_000"`,
	"true", "null", "[]", "{}",
}

var hostileTOML = []string{
	"inf", "-inf", "nan", "+nan", "9.3e15", "1e300", "-1e300", "9223372036.854775807", "9223372036854775807",
	"-9223372036854775808", "-1", "0", "0.5", "1e-300", "1.5e3", "1_000", "0x7fffffffffffffff", `"NaN"`, `"9.3e15"`, "true", "[]",
}

// guardHome writes a user-level Claude guard that blocks every pre_tool
// call and returns its path.
func guardHome(t *testing.T, home string) string {
	p := filepath.Join(home, ".claude", "settings.json")
	writeFile(t, p, `{"hooks":{"PreToolUse":[{"matcher":"","hooks":[{"type":"command","command":"echo '{\"decision\":\"block\",\"reason\":\"home guard\"}'"}]}]}}`)
	return p
}

// Every numeric field of every format, given any hostile value, either
// loads clamped into what the agent does with it (a positive timeout a
// duration can hold, a count the format accepts) or is refused with a
// warning positioned in that file (discovered) or an error naming the
// file's line and column (named) — and an error in one discovered
// source never stops the others: the user's own Claude guard still
// loads and still blocks.
func TestHostileNumbersInEveryFormat(t *testing.T) {
	for _, nf := range numberFields() {
		values := hostileJSON
		if nf.toml {
			values = hostileTOML
		}
		t.Run(nf.format+" "+nf.field, func(t *testing.T) {
			t.Parallel()
			for _, v := range values {
				checkHostileNumber(t, nf, v)
			}
		})
	}
}

func checkHostileNumber(t *testing.T, nf numberField, v string) {
	t.Helper()
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
	guard := guardHome(t, home)
	path := filepath.Join(proj, nf.path)
	writeFile(t, path, nf.doc(v))
	if nf.format == "phi" {
		writeFile(t, filepath.Join(filepath.Dir(path), "run.sh"), "#!/bin/sh\nexit 0\n")
	}
	base := Options{Project: proj, Home: home, SystemRoot: root, ManagedDir: filepath.Join(root, "managed"),
		Env: []string{"HOME=" + home}, Judge: runner.JudgeFunc(func(context.Context, *runner.JudgeRequest) (runner.Verdict, error) {
			return runner.Verdict{}, nil
		})}
	what := fmt.Sprintf("%s %s = %s", nf.format, nf.field, v)

	// Discovered (native TOML is never discovered: named only).
	if nf.format != settings.ProtocolNative {
		opts := base
		opts.Discover = true
		l, err := Load(opts)
		if !assert.NoError(t, err, "%s: a discovered source's error must not stop the others", what) {
			return
		}
		checkLoaded(t, what, l, guard, path)
	}
	// Named, beside the guard: loads as discovered, or a positioned error.
	opts := base
	named := path
	if nf.format == "phi" {
		named = filepath.Dir(filepath.Dir(path)) // a Phi source is a hooks folder
	}
	opts.Sources = []format.Source{{Format: "claude", Path: guard}, {Format: nf.format, Path: named}}
	l, err := Load(opts)
	if err != nil {
		msg := err.Error()
		assert.True(t, strings.Contains(msg, path+":") || strings.Contains(msg, filepath.Base(path)+":"), "%s: the error names the file: %v", what, err)
		assert.Regexp(t, `:\d+(:\d+)?`, msg, "%s: the error has a position", what)
		return
	}
	checkLoaded(t, what, l, guard, path)
}

// checkLoaded checks a load that succeeded: the guard is there and
// blocks; the hostile file's hooks have timeouts a run can use, or its
// hooks are absent with a warning positioned in it.
func checkLoaded(t *testing.T, what string, l *Loaded, guard, path string) {
	t.Helper()
	guarded, own := false, 0
	for _, h := range l.Config.Hooks {
		if h.Source.File == guard {
			guarded = true
			continue
		}
		own++
		to := h.EffectiveTimeout()
		assert.Greater(t, to, time.Duration(0), "%s: timeout %v", what, h.Timeout)
		assert.LessOrEqual(t, to, 290*365*24*time.Hour, "%s: timeout %v", what, h.Timeout)
		for k, o := range h.Options {
			if strings.HasPrefix(o, "-") {
				t.Errorf("%s: option %s = %s", what, k, o)
			}
		}
	}
	assert.True(t, guarded, "%s: the user's guard is loaded", what)
	if own == 0 {
		positioned := false
		for _, w := range l.Warnings {
			if sameFile(w.File, path) && w.Line > 0 {
				positioned = true
			}
		}
		assert.True(t, positioned, "%s: no hook loaded and no warning positioned in %s: %v", what, path, l.Warnings)
	}
	eng, err := NewEngine(l, runner.Options{MaxTimeout: 5 * time.Second})
	if !assert.NoError(t, err, what) {
		return
	}
	args, _ := json.Marshal(map[string]string{"command": "ls"})
	out, err := eng.Fire(context.Background(), runner.Event{Name: settings.PreTool, Tool: "shell", Args: args, SessionID: "s"})
	if assert.NoError(t, err, what) {
		assert.True(t, out.Decision.Blocks(), "%s: the guard blocks", what)
		assert.Equal(t, "home guard", out.Reason, what)
	}
}

func sameFile(a, b string) bool {
	aa, _ := filepath.Abs(a)
	bb, _ := filepath.Abs(b)
	return filepath.Clean(aa) == filepath.Clean(bb)
}
