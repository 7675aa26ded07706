package compat_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/native"
)

// doctorFixture is a project with a bin directory of fake programs (each
// an executable that exits 0) for PATH, and files written from m.
func doctorFixture(t *testing.T, progs []string, m map[string]string) (project string, env []string) {
	t.Helper()
	project = t.TempDir()
	bin := filepath.Join(t.TempDir(), "bin")
	require.NoError(t, os.MkdirAll(bin, 0o755))
	for _, p := range progs {
		require.NoError(t, os.WriteFile(filepath.Join(bin, p), []byte("#!/bin/sh\nexit 0\n"), 0o755))
	}
	for name, data := range m {
		p := filepath.Join(project, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		require.NoError(t, os.WriteFile(p, []byte(data), mode))
	}
	return project, []string{"PATH=" + bin, "HOME=" + filepath.Join(project, "home")}
}

func diagnose(t *testing.T, project string, env []string, opts compat.Options) *compat.Report {
	t.Helper()
	opts.Project = project
	l, err := compat.Load(opts)
	require.NoError(t, err)
	return compat.Diagnose(l, env)
}

func codes(r *compat.Report) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Severity == compat.SeverityError {
			out = append(out, f.Severity+" "+f.Code+": "+f.Message)
		}
	}
	return out
}

// TestDoctorSeesThroughShim: a converted hook (a native args hook calling
// `hookcompat exec`) is checked through the shim — the shim must be on
// PATH, and the wrapped Claude command's interpreter and script must
// exist, with $CLAUDE_PROJECT_DIR expanded; each missing piece is an error
// naming it, and only a hook checked all the way counts as checked.
func TestDoctorSeesThroughShim(t *testing.T) {
	settingsJSON := `{"hooks":{
  "PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"uv run \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.py --strict"}]}],
  "Stop":[{"hooks":[{"type":"command","command":"python3 $CLAUDE_PROJECT_DIR/.claude/hooks/gone.py"}]}],
  "SessionStart":[{"hooks":[{"type":"command","command":"cat \"$CLAUDE_PROJECT_DIR\"/NOTES.md | head -5"}]}]
}}`
	files := map[string]string{".claude/settings.json": settingsJSON, ".claude/hooks/guard.py": "print()\n"}
	for _, tc := range []struct {
		name       string
		progs      []string
		shim       string
		want       []string
		checked    int
		notChecked int
	}{
		{name: "all there", progs: []string{"hookcompat", "uv", "python3"}, shim: "hookcompat",
			want: []string{`error missing-script: script "$P/.claude/hooks/gone.py" does not exist: python3 fails on every run, so the hook never does its job`},
			// the SessionStart pipe is not checked
			checked: 2, notChecked: 1},
		{name: "shim missing", progs: []string{"uv", "python3"}, shim: "hookcompat",
			want: []string{
				`error shim-not-found: the exec shim "hookcompat" is not on PATH: the converted hook cannot run, and a guard fails open`,
				`error shim-not-found: the exec shim "hookcompat" is not on PATH: the converted hook cannot run, and a guard fails open`,
				`error shim-not-found: the exec shim "hookcompat" is not on PATH: the converted hook cannot run, and a guard fails open`,
				`error missing-script: script "$P/.claude/hooks/gone.py" does not exist: python3 fails on every run, so the hook never does its job`,
			},
			checked: 0, notChecked: 3},
		{name: "--shim names nothing", progs: []string{"hookcompat", "uv", "python3"}, shim: "/nowhere/hookcompat",
			want: []string{
				`error shim-not-found: the exec shim "/nowhere/hookcompat" does not exist: the converted hook cannot run, and a guard fails open`,
				`error shim-not-found: the exec shim "/nowhere/hookcompat" does not exist: the converted hook cannot run, and a guard fails open`,
				`error shim-not-found: the exec shim "/nowhere/hookcompat" does not exist: the converted hook cannot run, and a guard fails open`,
				`error missing-script: script "$P/.claude/hooks/gone.py" does not exist: python3 fails on every run, so the hook never does its job`,
			},
			checked: 0, notChecked: 3},
		{name: "interpreters missing", progs: []string{"hookcompat"}, shim: "hookcompat",
			want:    []string{`error command-not-found: "uv" is not on PATH`, `error command-not-found: "python3" is not on PATH`},
			checked: 2, notChecked: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			project, env := doctorFixture(t, tc.progs, files)
			data, err := os.ReadFile(filepath.Join(project, ".claude/settings.json"))
			require.NoError(t, err)
			conv := compat.Convert([]compat.Input{{Name: filepath.Join(project, ".claude/settings.json"), Data: data, From: "claude"}},
				compat.ConvertOptions{Shim: tc.shim, Project: project})
			require.Empty(t, conv.Errors)
			toml := filepath.Join(project, "hooks.toml")
			require.NoError(t, os.WriteFile(toml, conv.Output, 0o644))

			r := diagnose(t, project, env, compat.Options{Sources: native.Sources(toml)})
			got := codes(r)
			for i := range got {
				got[i] = strings.ReplaceAll(got[i], project, "$P")
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.checked, r.Checked, "checked")
			assert.Equal(t, tc.notChecked, r.NotChecked, "not checked")
			assert.Equal(t, 3, r.Hooks)
			errs := 0
			for _, f := range r.Findings {
				if f.Severity == compat.SeverityError {
					errs++
					assert.Equal(t, toml, f.File, "findings of a wrapped hook sit at the converted hook's position")
					assert.NotZero(t, f.Line)
				}
			}
			assert.Equal(t, errs, r.Errors)

			// The settings file itself gives the same findings about the
			// wrapped commands (but for the shim).
			direct := diagnose(t, project, env, compat.Options{Sources: claude.Sources(filepath.Join(project, ".claude/settings.json"))})
			var want []string
			for _, w := range tc.want {
				if !strings.Contains(w, "shim-not-found") {
					want = append(want, w)
				}
			}
			got = codes(direct)
			for i := range got {
				got[i] = strings.ReplaceAll(got[i], project, "$P")
			}
			assert.Equal(t, want, got, "the settings file")
		})
	}
}

// TestDoctorShellFormShim: a shell command that calls the shim (what the
// targets writing another agent's hooks.json produce) is seen through as
// well.
func TestDoctorShellFormShim(t *testing.T) {
	project, env := doctorFixture(t, []string{"hookcompat"}, nil)
	spec := &format.ShimSpec{Protocol: "claude", Event: "Stop", Command: []string{`node "$CLAUDE_PROJECT_DIR"/hooks/stop.mjs`}}
	toml := "[[hooks.stop]]\ncommand = " + tomlString(format.ShimCommand("hookcompat", spec)) + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(project, "hooks.toml"), []byte(toml), 0o644))
	r := diagnose(t, project, env, compat.Options{Sources: native.Sources(filepath.Join(project, "hooks.toml"))})
	assert.Equal(t, []string{`error command-not-found: "node" is not on PATH`}, codes(r))
	assert.Equal(t, 1, r.Checked)
}

func tomlString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// TestDoctorScripts: the script of each interpreter doctor knows is found
// past its options; a script given by a variable doctor cannot expand
// makes the hook not checked; options that take no script are no script.
func TestDoctorScripts(t *testing.T) {
	project, env := doctorFixture(t, []string{"uv", "node", "python3", "bash", "deno"}, map[string]string{"ok.py": "", "ok.mjs": "", "ok.sh": ""})
	for cmd, want := range map[string]string{
		"uv run --with requests ok.py":             "",
		"uv run --with requests gone.py":           "missing-script",
		"uv run ruff check":                        "",
		"uv run -m pytest":                         "",
		"node --require ./x ok.mjs":                "",
		"node gone.mjs":                            "missing-script",
		"node -e 'console.log(1)'":                 "",
		"python3 -u gone.py":                       "missing-script",
		"python3 -c 'print()'":                     "",
		"bash -euo pipefail ok.sh":                 "",
		"bash -euo pipefail gone.sh":               "missing-script",
		"bash -c 'exit 0'":                         "",
		"deno run --allow-read gone.ts":            "missing-script",
		"python3 \"$SOMEWHERE\"/x.py":              "not-checked",
		"\"$CLAUDE_PROJECT_DIR\"/ok.sh --x $OTHER": "",
		"$TOOL --x":                                "not-checked",
	} {
		settingsJSON := `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":` + jsonString(cmd) + `}]}]}}`
		require.NoError(t, os.WriteFile(filepath.Join(project, "s.json"), []byte(settingsJSON), 0o644))
		r := diagnose(t, project, env, compat.Options{Sources: claude.Sources(filepath.Join(project, "s.json"))})
		var got []string
		for _, f := range r.Findings {
			if f.Code == compat.CodeMissingScript || f.Code == compat.CodeNotChecked || f.Code == compat.CodeUnresolvable {
				got = append(got, f.Code)
			}
		}
		if want == "" {
			assert.Empty(t, got, cmd)
			assert.Equal(t, 1, r.Checked, cmd)
		} else {
			assert.Equal(t, []string{want}, got, cmd)
			assert.Equal(t, want == "not-checked", r.NotChecked == 1, cmd)
		}
	}
}

func jsonString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// TestDoctorPluginVarOutsidePlugin: $CLAUDE_PLUGIN_ROOT in a settings
// file (not a plugin's hooks.json) is an error; in a plugin it is set.
func TestDoctorPluginVarOutsidePlugin(t *testing.T) {
	project, env := doctorFixture(t, []string{"node"}, map[string]string{
		"s.json":                  `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"node \"${CLAUDE_PLUGIN_ROOT}\"/x.mjs"}]}]}}`,
		"plugin/hooks/hooks.json": `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"node \"${CLAUDE_PLUGIN_ROOT}\"/x.mjs"}]}]}}`,
		"plugin/x.mjs":            "",
	})
	r := diagnose(t, project, env, compat.Options{Sources: claude.Sources(filepath.Join(project, "s.json"))})
	require.NotEmpty(t, codes(r))
	assert.Contains(t, codes(r)[0], "error plugin-var-outside-plugin: $CLAUDE_PLUGIN_ROOT is set only for the hooks of a plugin")
	r = diagnose(t, project, env, compat.Options{Sources: claude.Sources(filepath.Join(project, "plugin/hooks/hooks.json"))})
	assert.Empty(t, codes(r))
	assert.Equal(t, 1, r.Checked)
}

// TestDoctorReportsDroppedHooks: a load warning that means hooks never
// run (an unknown event) is an error finding of doctor, once; a finding
// two checks make of one hook is reported once, at its most severe.
func TestDoctorReportsDroppedHooks(t *testing.T) {
	project, env := doctorFixture(t, []string{"python3"}, map[string]string{
		"s.json": `{"hooks":{"PreToolUse2":[{"hooks":[{"type":"command","command":"true"}]}],"Stop":[{"hooks":[{"type":"command","command":"python3 gone.py"}]}]}}`,
	})
	r := diagnose(t, project, env, compat.Options{Sources: claude.Sources(filepath.Join(project, "s.json"))})
	got := codes(r)
	require.Len(t, got, 2, "%q", got)
	assert.Contains(t, got[0], "error unknown-event: ")
	assert.Contains(t, got[1], "error missing-script: ")
	assert.Equal(t, 2, r.Errors)
}
