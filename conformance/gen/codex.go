package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/internal/oracletest"
)

// Codex recordings (the Codex oracle's layout): hooks.json in
// $CODEX_HOME (or <PROJECT>/.codex), a config.toml the oracle wrote from
// case.json (model, project trust, config_extra, hooks.toml), hook
// scripts in $CODEX_HOME/hooks, /etc/codex files; observed.json's
// model_turns hold each request's new input items, tool_calls what the
// model got for each call.

var codexValues = func() map[string]string {
	m := map[string]string{
		"<SESSION>":    "0198e5e5-5e55-7e55-8e55-5e55e55e5e55",
		"<UUID>":       "0198aaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
		"<CODEX_HOME>": "<HOME>/.codex",
	}
	for i := 1; i <= 40; i++ {
		m[fmt.Sprintf("<TURN_%d>", i)] = fmt.Sprintf("0198b0b0-0000-7000-8000-%012d", i)
	}
	return m
}()

var codexRules = []conformance.Rule{
	// Codex names its system layer by its real path (/etc/codex/…).
	{Pattern: `<SYSTEM>/`, Replace: "/"},
	{Pattern: `[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`, Replace: "<UUID>"},
}

// codexVars are the variables compared in a hook's environment: those
// Codex set (its npm launcher's aside) and the Claude variables a Codex
// hook must not get unless Codex set them.
var codexVars = []string{"CLAUDECODE", "CLAUDE_CODE_SESSION_ID", "CLAUDE_PROJECT_DIR", "CLAUDE_ENV_FILE"}

// codexBlocked are the outputs Codex gives the model for a call a
// PreToolUse hook stopped.
var codexBlocked = []string{"Command blocked by PreToolUse hook:", "Tool call blocked by PreToolUse hook:",
	"hook returned updatedInput without string field `command`"}

type codexObserved struct {
	Version    string  `json:"codex_version"`
	ExitCode   int     `json:"exit_code"`
	TimedOut   bool    `json:"timed_out"`
	DurationS  float64 `json:"duration_s"`
	ModelTurns []struct {
		TurnID   string           `json:"turn_id"`
		NewInput []map[string]any `json:"new_input_since_last_model_output"`
	} `json:"model_turns"`
	ToolCalls []struct {
		CallID string          `json:"call_id"`
		Name   string          `json:"name"`
		Output json.RawMessage `json:"output_sent_to_model"`
	} `json:"tool_calls"`
}

func codexSession(c *oracletest.Case) (*conformance.Session, string, error) {
	var obs codexObserved
	remarshal(c.Observed, &obs)
	for _, a := range stringsOf(c.Spec["extra_args"]) {
		if a == "resume" || a == "--last" {
			return nil, "needs a resumed session", nil
		}
	}
	hooksJSON, _ := os.ReadFile(filepath.Join(c.Dir, "hooks.json"))
	if bytes.Contains(hooksJSON, []byte("{{HOOKS}}/hookcompat")) {
		return nil, "its hooks call hookcompat's exec shim (a conversion case, not one of Codex's engine)", nil
	}
	version := strings.TrimPrefix(obs.Version, "codex-cli ")
	s := &conformance.Session{Version: version, Files: map[string]string{}, Values: codexValues, Normalize: codexRules}
	sub := func(jsonEscape bool) func(string) string {
		m := map[string]string{"PROJECT": "<PROJECT>", "HOME": "<HOME>", "CODEX_HOME": "<HOME>/.codex", "HOOKS": "<HOME>/.codex/hooks", "CAPTURES": "<CAPTURES>"}
		return func(x string) string {
			for _, k := range []string{"CAPTURES", "CODEX_HOME", "HOME", "HOOKS", "PROJECT"} {
				x = strings.ReplaceAll(x, "{{"+k+"}}", m[k])
			}
			return x
		}
	}
	if err := caseFiles(c, "<HOME>/.codex/hooks", s.Files, &s.Executable, func(x string) string { return x }); err != nil {
		return nil, "", err
	}
	loc := c.String("hooks_location")
	if hooksJSON != nil {
		dst := "<HOME>/.codex/hooks.json"
		if loc == "project" {
			dst = "<PROJECT>/.codex/hooks.json"
		}
		s.Files[dst] = sub(true)(string(hooksJSON))
	}
	model := orString(c.String("model"), "gpt-5.5")
	cfg := []string{fmt.Sprintf("model = %q", model), ""}
	if loc == "project" || c.Spec["trust_project"] == true {
		cfg = append(cfg, `[projects."<PROJECT>"]`, `trust_level = "trusted"`, "")
	}
	if extra := c.String("config_extra"); extra != "" {
		cfg = append(cfg, sub(false)(extra), "")
	}
	if data, err := os.ReadFile(filepath.Join(c.Dir, "hooks.toml")); err == nil {
		cfg = append(cfg, sub(false)(string(data)), "")
	}
	s.Files["<HOME>/.codex/config.toml"] = strings.Join(cfg, "\n")
	specFiles(c, s.Files, sub(false))
	if etc, ok := c.Spec["etc_codex"].(map[string]any); ok {
		for rel, content := range etc {
			str, _ := content.(string)
			s.Files["<SYSTEM>/etc/codex/"+rel] = str
		}
	}
	s.GitInit = c.Spec["git_init"] == true
	cwd := "<PROJECT>"
	disabled := false
	args := stringsOf(c.Spec["extra_args"])
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-C", "--cd":
			if i+1 < len(args) {
				cwd = "<PROJECT>/" + strings.TrimPrefix(args[i+1], "./")
				i++
			}
		case "--disable":
			if i+1 < len(args) && args[i+1] == "hooks" {
				disabled = true
			}
		}
	}
	if cwd != "<PROJECT>" {
		s.Dirs = append(s.Dirs, cwd)
	}
	env := map[string]string{"HOME": "<HOME>", "CODEX_HOME": "<HOME>/.codex", "TERM": "dumb", "LANG": "C.UTF-8", "TMPDIR": "<TMP>/tmp",
		"SHELL": "/bin/bash", "ORACLE_FAKE_API_KEY": "dummy", "ORACLE_MARKER": "inherited-from-launch-env"}
	if e, ok := c.Spec["env"].(map[string]any); ok {
		for k, v := range e {
			str, _ := v.(string)
			env[k] = str
		}
	}
	s.Launch = conformance.Launch{Args: stringsOf(c.Observed["argv"]), Cwd: cwd, Env: env, Options: map[string]any{
		"trusted": c.String("trust") != "none", "hooks_disabled": disabled}}
	occs := group(c, 1500, 150, true)
	vars := map[string]bool{}
	for _, r := range c.HookRuns {
		for k := range r.EnvAdded {
			if k != "CODEX_MANAGED_BY_NPM" && k != "CODEX_MANAGED_PACKAGE_ROOT" {
				vars[k] = true
			}
		}
	}
	for _, k := range codexVars {
		vars[k] = true
	}
	names := make([]string, 0, len(vars))
	for k := range vars {
		names = append(names, k)
	}
	sort.Strings(names)
	cx := &codexRec{c: c, obs: &obs, occs: occs}
	for _, o := range occs {
		cs := conformance.Case{Event: o.event, Payload: string(o.stdin), Omitted: map[string]string{}}
		hooks := []conformance.HookRun{}
		for _, r := range o.runs {
			h := hookRun(r, names, func(x string) string { return x })
			for k, v := range h.Env {
				if lv, ok := env[k]; ok && v == nil {
					h.Env[k] = ptr(lv) // inherited from the launch
				}
			}
			// Codex gives every hook of an event the same stdin.
			h.Stdin = ptr(string(o.stdin))
			if r.ExitCode == nil && obs.DurationS > 0 && r.EndMS == nil && cx.killedAtExit(r) {
				h.AnyExit = true
			}
			hooks = append(hooks, h)
		}
		cs.Expect.Hooks = &hooks
		if o.event == "PostToolUse" && o.payload["tool_name"] == "Bash" {
			// The shell call ran before its PostToolUse: what it did is
			// there for this event's hooks and the later ones.
			var in struct {
				Command string `json:"command"`
			}
			remarshal(o.payload["tool_input"], &in)
			if in.Command != "" {
				cs.Commands = []string{in.Command}
			}
		}
		cx.effects(o, &cs)
		if len(cs.Omitted) == 0 {
			cs.Omitted = nil
		}
		s.Cases = append(s.Cases, cs)
	}
	return s, "", nil
}

type codexRec struct {
	c    *oracletest.Case
	obs  *codexObserved
	occs []*occurrence
}

// killedAtExit reports a hook Codex killed because it exited itself: the
// session ended less than a minute after the hook started (the shortest
// default timeout Codex gives a hook is longer than the oracle's runs).
func (cx *codexRec) killedAtExit(r oracletest.HookRun) bool {
	return cx.obs.DurationS*1000-r.StartMS < 5000 && !strings.Contains(cx.c.String("description"), "timeout")
}

func (cx *codexRec) output(callID string) (string, bool) {
	for _, tc := range cx.obs.ToolCalls {
		if tc.CallID == callID {
			var s string
			if json.Unmarshal(tc.Output, &s) == nil {
				return s, true
			}
		}
	}
	return "", false
}

// effects sets what the recording shows of the occurrence beyond its
// hooks: whether a PreToolUse let its call run and with which input, the
// texts of SessionStart and UserPromptSubmit contexts, whether a Stop
// continued and with which hook prompt.
func (cx *codexRec) effects(o *occurrence, cs *conformance.Case) {
	omit := func(f, why string) { cs.Omitted[f] = why }
	id, _ := o.payload["tool_use_id"].(string)
	switch o.event {
	case "PreToolUse":
		out, ok := cx.output(id)
		if !ok {
			omit("tool_runs", "the call's output is not recorded")
			break
		}
		blocked := false
		for _, b := range codexBlocked {
			if strings.HasPrefix(out, b) {
				blocked = true
			}
		}
		cs.Expect.ToolRuns = ptr(!blocked)
		if !blocked {
			if in := cx.postInput(id); in != nil {
				cs.Expect.ToolInput = in
			}
		}
		omit("texts", "Codex's developer messages around a call's output are not attributed to PreToolUse and PostToolUse in kit 1")
	case "Stop":
		cont, texts, ok := cx.stopContinues(o)
		if !ok {
			omit("continues", "which Stop sent Codex on cannot be told from the recording")
			omit("texts", "which Stop sent Codex on cannot be told from the recording")
			break
		}
		cs.Expect.Continues = ptr(cont)
		ts := []conformance.Text{}
		for _, t := range texts {
			ts = append(ts, conformance.Text{Text: t, Placement: "next_request"})
		}
		cs.Expect.Texts = &ts
	case "SessionStart", "UserPromptSubmit":
		if o.payload["agent_id"] != nil {
			omit("texts", "a sub-agent's event")
			break
		}
		if o.event == "SessionStart" && o.payload["source"] != "startup" {
			omit("texts", "only a startup SessionStart's contexts are attributed")
			break
		}
		texts, ok := cx.firstRequestTexts(o)
		if !ok {
			omit("texts", "the turn's first request is not recorded")
			break
		}
		ts := []conformance.Text{}
		for _, t := range texts {
			ts = append(ts, conformance.Text{Text: t, Placement: map[string]string{"SessionStart": "before_prompt", "UserPromptSubmit": "after_prompt"}[o.event]})
		}
		cs.Expect.Texts = &ts
	}
}

// postInput is the tool_input of the recorded PostToolUse of call id.
func (cx *codexRec) postInput(id string) json.RawMessage {
	for _, o := range cx.occs {
		if o.event == "PostToolUse" && o.payload["tool_use_id"] == id {
			b, _ := json.Marshal(o.payload["tool_input"])
			return b
		}
	}
	return nil
}

func contentTexts(it map[string]any) []string {
	parts, _ := it["content"].([]any)
	var out []string
	for _, p := range parts {
		m, _ := p.(map[string]any)
		if s, ok := m["text"].(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// firstRequestTexts are the developer texts of the main conversation's
// first request around its prompt: before it (SessionStart's) or after
// it (UserPromptSubmit's, of the occurrence's turn). Only when the
// session has one occurrence of the event in the main conversation.
func (cx *codexRec) firstRequestTexts(o *occurrence) ([]string, bool) {
	n := 0
	for _, x := range cx.occs {
		if x.event == o.event && x.payload["agent_id"] == nil {
			n++
		}
	}
	if n != 1 || len(cx.obs.ModelTurns) == 0 {
		return nil, false
	}
	turn := cx.obs.ModelTurns[0]
	items := turn.NewInput
	env := -1
	for i, it := range items {
		if t := contentTexts(it); it["role"] == "user" && len(t) > 0 && strings.HasPrefix(t[0], "<environment_context>") {
			env = i
		}
	}
	if env < 0 {
		return nil, false
	}
	before, after := []string{}, []string{}
	prompt := false
	for _, it := range items[env+1:] {
		switch it["role"] {
		case "developer":
			if prompt {
				after = append(after, contentTexts(it)...)
			} else {
				before = append(before, contentTexts(it)...)
			}
		case "user":
			prompt = true
		}
	}
	if o.event == "SessionStart" {
		return before, true
	}
	return after, true
}

// stopContinues says whether the main conversation's Stop o sent Codex
// on, and with which hook prompt texts: the k-th Stop of the session
// continued when Codex made at least k hook-prompt requests, and the
// last Stop did not, when the counts say so unambiguously.
func (cx *codexRec) stopContinues(o *occurrence) (bool, []string, bool) {
	if cx.obs.TimedOut {
		return false, nil, false
	}
	var stops []*occurrence
	for _, x := range cx.occs {
		if x.event == "Stop" {
			stops = append(stops, x)
		}
	}
	var prompts [][]string
	for _, t := range cx.obs.ModelTurns {
		if len(t.NewInput) == 0 {
			continue
		}
		if texts := contentTexts(t.NewInput[0]); t.NewInput[0]["role"] == "user" && len(texts) > 0 &&
			strings.HasPrefix(texts[0], "<hook_prompt") && !strings.HasPrefix(texts[0], `<hook_prompt hook_run_id="subagent-stop:`) {
			prompts = append(prompts, texts)
		}
	}
	if len(stops) != len(prompts)+1 {
		return false, nil, false
	}
	for i, x := range stops {
		if x == o {
			if i < len(prompts) {
				return true, prompts[i], true
			}
			return false, nil, true
		}
	}
	return false, nil, false
}
