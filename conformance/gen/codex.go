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
	Stderr     string  `json:"stderr"`
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
		cx.toolTexts(o, cs)
	case "PostToolUse":
		cx.toolTexts(o, cs)
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
		if len(cx.obs.ModelTurns) == 0 {
			// No model request at all: the prompt was dropped, or the
			// session ended at its start.
			if cx.obs.ExitCode != 0 || cx.obs.TimedOut || strings.Contains(cx.obs.Stderr, "ERROR") {
				omit("texts", "Codex made no model request and did not end cleanly")
				break
			}
			cs.Expect.Texts = &[]conformance.Text{}
			if o.event == "UserPromptSubmit" {
				cs.Expect.PromptBlocked = ptr(true)
			} else if !cx.fired("UserPromptSubmit") {
				cs.Expect.Stops = ptr("stopped")
			}
			break
		}
		texts, place, ok := cx.startTexts(o)
		if !ok {
			omit("texts", "the turn's first request is not recorded")
			break
		}
		if o.event == "UserPromptSubmit" {
			cs.Expect.PromptBlocked = ptr(false)
		}
		ts := []conformance.Text{}
		for _, t := range texts {
			ts = append(ts, conformance.Text{Text: t, Placement: place})
		}
		cs.Expect.Texts = &ts
	}
}

// fired reports whether the session has an occurrence of event.
func (cx *codexRec) fired(event string) bool {
	for _, x := range cx.occs {
		if x.event == event {
			return true
		}
	}
	return false
}

// summaryStart begins the user message by which Codex hands a compacted
// conversation its summary.
const summaryStart = "Another language model started to solve this problem"

// startTexts are the developer texts a SessionStart or UserPromptSubmit
// occurrence put in its request, with their placement: a startup (resume,
// clear) SessionStart's before the prompt of the main conversation's
// first request; the k-th compact SessionStart's after the summary of the
// k-th compacted request; a UserPromptSubmit's after the prompt of its
// turn's first request.
func (cx *codexRec) startTexts(o *occurrence) ([]string, string, bool) {
	if o.event == "SessionStart" && o.payload["source"] == "compact" {
		k := 0
		for _, x := range cx.occs {
			if x == o {
				break
			}
			if x.event == "SessionStart" && x.payload["source"] == "compact" {
				k++
			}
		}
		for _, t := range cx.obs.ModelTurns {
			sum := -1
			for i, it := range t.NewInput {
				if texts := contentTexts(it); it["role"] == "user" && len(texts) > 0 && strings.HasPrefix(texts[0], summaryStart) {
					sum = i
				}
			}
			if sum < 0 {
				continue
			}
			if k > 0 {
				k--
				continue
			}
			out := []string{}
			for _, it := range t.NewInput[sum+1:] {
				if it["role"] == "developer" {
					out = append(out, contentTexts(it)...)
				}
			}
			return out, "after_summary", true
		}
		return nil, "", false
	}
	turn := ""
	if o.event == "UserPromptSubmit" {
		turn, _ = o.payload["turn_id"].(string)
	} else {
		n := 0
		for _, x := range cx.occs {
			if x.event == "SessionStart" && x.payload["agent_id"] == nil && x.payload["source"] != "compact" {
				n++
			}
		}
		if n != 1 {
			return nil, "", false
		}
		turn = cx.obs.ModelTurns[0].TurnID
	}
	for _, t := range cx.obs.ModelTurns {
		if t.TurnID != turn {
			continue
		}
		env := -1
		for i, it := range t.NewInput {
			if texts := contentTexts(it); it["role"] == "user" && len(texts) > 0 && strings.HasPrefix(texts[0], "<environment_context>") {
				env = i
			}
		}
		if env < 0 {
			return nil, "", false
		}
		before, after := []string{}, []string{}
		prompt := false
		for _, it := range t.NewInput[env+1:] {
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
			return before, "before_prompt", true
		}
		return after, "after_prompt", true
	}
	return nil, "", false
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

// Codex's placements (README, "Comparison"; compat/codex's words).
const (
	codexBeforeOutput = "before_output" // a developer message before the call's output item
	codexOutput       = "output"        // the call's output item
)

// ownOutput are the beginnings of the outputs Codex's tools give the
// model themselves (as opposed to a hook's text that replaced it).
var ownOutput = []string{"Chunk ID: ", "Wall time: ", "Exit code: ", "exec_command failed", "write_stdin failed",
	"unsupported call", "unable to process", "{", "["}

// toolTexts sets the texts of a PreToolUse or PostToolUse occurrence o:
// the developer messages Codex put before its call's output and, when the
// event's hooks replaced the output (a PreToolUse block, PostToolUse
// feedback), the output. A request carrying tool outputs has the
// PreToolUse contexts of all its calls, then their PostToolUse contexts
// (codex §3.5); which event of which call a text belongs to is told by
// the order when one event had hooks, else by the scripts that hold the
// text; otherwise the texts are omitted.
func (cx *codexRec) toolTexts(o *occurrence, cs *conformance.Case) {
	id, _ := o.payload["tool_use_id"].(string)
	slots, dev, ok := cx.toolTurn(id)
	if !ok {
		cs.Omitted["texts"] = "no recorded request carries the call's output"
		return
	}
	var assigned map[*occurrence][]string
	switch {
	case len(dev) == 0:
		assigned = map[*occurrence][]string{}
	case len(slots) == 1:
		assigned = map[*occurrence][]string{slots[0]: dev}
	default:
		assigned, ok = cx.bySource(slots, dev)
		if !ok {
			cs.Omitted["texts"] = "the developer messages of the request cannot be told apart between the events of its calls"
			return
		}
	}
	texts := []conformance.Text{}
	for _, t := range assigned[o] {
		texts = append(texts, conformance.Text{Text: t, Placement: codexBeforeOutput})
	}
	out, recorded := cx.output(id)
	if !recorded {
		cs.Omitted["texts"] = "the call's output is not recorded"
		return
	}
	blocked := false
	for _, b := range codexBlocked {
		blocked = blocked || strings.HasPrefix(out, b)
	}
	own := false
	for _, p := range ownOutput {
		own = own || strings.HasPrefix(out, p)
	}
	switch {
	case o.event == "PreToolUse" && blocked:
		texts = append(texts, conformance.Text{Text: out, Placement: codexOutput})
	case o.event == "PostToolUse" && !blocked && !own:
		texts = append(texts, conformance.Text{Text: out, Placement: codexOutput})
	}
	cs.Expect.Texts = &texts
}

// toolTurn finds the request that carries call id's output: the
// PreToolUse and PostToolUse occurrences of its calls, in Codex's order
// (every PreToolUse, then every PostToolUse), and its developer texts.
func (cx *codexRec) toolTurn(id string) ([]*occurrence, []string, bool) {
	for _, t := range cx.obs.ModelTurns {
		var calls, dev []string
		for _, it := range t.NewInput {
			switch it["type"] {
			case "function_call_output", "custom_tool_call_output":
				c, _ := it["call_id"].(string)
				calls = append(calls, c)
			case "message":
				if it["role"] == "developer" {
					dev = append(dev, contentTexts(it)...)
				}
			}
		}
		found := false
		for _, c := range calls {
			found = found || c == id
		}
		if !found {
			continue
		}
		var slots []*occurrence
		for _, ev := range []string{"PreToolUse", "PostToolUse"} {
			for _, c := range calls {
				for _, x := range cx.occs {
					if x.event == ev && x.payload["tool_use_id"] == c {
						slots = append(slots, x)
					}
				}
			}
		}
		return slots, dev, true
	}
	return nil, nil, false
}

// bySource assigns each developer text to the one occurrence among slots
// whose hooks' scripts hold it, keeping Codex's order; false when a text
// has no single source or the order breaks.
func (cx *codexRec) bySource(slots []*occurrence, dev []string) (map[*occurrence][]string, bool) {
	out := map[*occurrence][]string{}
	last := 0
	for _, t := range dev {
		found := -1
		for i, o := range slots {
			if cx.holds(o, t) {
				if found >= 0 {
					return nil, false
				}
				found = i
			}
		}
		if found < last {
			return nil, false
		}
		last = found
		out[slots[found]] = append(out[slots[found]], t)
	}
	return out, true
}

// holds reports whether the script of a hook that ran for o holds text
// (as written, or escaped in a JSON string).
func (cx *codexRec) holds(o *occurrence, text string) bool {
	esc, _ := json.Marshal(text)
	inner := string(esc[1 : len(esc)-1])
	for _, r := range o.runs {
		for _, data := range hookScripts(cx.c, r.Name) {
			if strings.Contains(data, text) || strings.Contains(data, inner) {
				return true
			}
		}
	}
	return false
}
