package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/internal/oracletest"
)

// Claude Code recordings (the Claude oracle's layout): settings.json at
// case.json's settings_location, hook scripts in <PROJECT>/.claude/hooks,
// case.json's files in the project; observed.json's model_turns (each
// request's new messages), tool_calls, result and streams tell what the
// model got and how the session ended.

// claudeValues are the session's fixed ids (of the recorded lengths).
var claudeValues = map[string]string{
	"<SESSION>": "00000000-0000-4000-8000-00000000c0de",
	"<UUID>":    "7e1d3c2b-5a49-4f00-8000-00000000beef",
}

// claudeRules normalise what varies between runs in Claude's texts: the
// <system-reminder> wrapper, the random token of a persisted output's
// file name, UUIDs and agent ids.
var claudeRules = []conformance.Rule{
	{Pattern: `(?s)^\s*<system-reminder>\n(.*)\n</system-reminder>\s*$`, Replace: "$1"},
	{Pattern: `(/tool-results/hook-[^\s/"]*?-)[0-9a-f]{32}(-[A-Za-z]+\.txt)`, Replace: "${1}<HEX32>$2"},
	{Pattern: `\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`, Replace: "<UUID>"},
	{Pattern: `\ba[0-9a-f]{16}\b`, Replace: "<AGENT_ID>"},
}

// claudeVars are the variables Claude Code sets for hooks that the suite
// compares (its constant process variables — AI_AGENT, CLAUDECODE, the
// messaging socket — are the agent's own, not the hook protocol's).
var claudeVars = []string{"CLAUDE_PROJECT_DIR", "CLAUDE_ENV_FILE"}

type claudeRec struct {
	c     *oracletest.Case
	v     *oracletest.ClaudeView
	obs   *oracletest.ClaudeObserved
	files map[string]string
	occs  []*occurrence
	// stopper is the occurrence whose hooks ended Claude's loop (nil:
	// none, or it cannot be told); stopUnknown are those of which it
	// cannot be told whether they did.
	stopper     *occurrence
	stopUnknown map[*occurrence]bool
}

func claudeSession(c *oracletest.Case) (*conformance.Session, string, error) {
	rc := &claudeRec{c: c, v: oracletest.NewClaudeView(c)}
	rc.obs = &rc.v.Obs
	s := &conformance.Session{Version: strings.Fields(rc.obs.Version + " ?")[0], Files: map[string]string{},
		Values: claudeValues, Normalize: claudeRules}
	sub := func(x string) string { return x }
	if err := caseFiles(c, "<PROJECT>/.claude/hooks", s.Files, &s.Executable, sub); err != nil {
		return nil, "", err
	}
	loc := c.String("settings_location")
	settingsPath := map[string]string{"": "<PROJECT>/.claude/settings.json", "project": "<PROJECT>/.claude/settings.json",
		"local": "<PROJECT>/.claude/settings.local.json", "user": "<HOME>/.claude/settings.json", "flag": "<TMP>/flag-settings.json"}[loc]
	if settingsPath == "" {
		return nil, fmt.Sprintf("case.json settings_location %q is not known", loc), nil
	}
	data, err := os.ReadFile(filepath.Join(c.Dir, "settings.json"))
	if err != nil {
		return nil, "", err
	}
	if bytes.Contains(data, []byte(`"http"`)) {
		return nil, "http hooks need the recording's fixed local port", nil
	}
	if t := judgedHookType(data); t != "" {
		return nil, t + " hooks need a model, which the kit's protocol has none of (the Claude replay in package golden runs them against a fake Messages API)", nil
	}
	s.Files[settingsPath] = string(data)
	specFiles(c, s.Files, func(x string) string { return x })
	rc.files = s.Files
	// The settings files Claude read, in its order; --settings last.
	var settings []any
	for _, p := range []string{"<HOME>/.claude/settings.json", "<PROJECT>/.claude/settings.json", "<PROJECT>/.claude/settings.local.json", "<TMP>/flag-settings.json"} {
		if _, ok := s.Files[p]; ok {
			settings = append(settings, p)
		}
	}
	var plugins []any
	args := stringsOf(c.Spec["extra_args"])
	for i := 0; i+1 < len(args); i++ {
		// --settings FILE (relative to the project, where Claude ran): the
		// flag settings, above the others.
		if args[i] == "--settings" {
			f := args[i+1]
			if !filepath.IsAbs(f) {
				f = "<PROJECT>/" + strings.TrimPrefix(f, "./")
			}
			if _, ok := s.Files[f]; ok {
				settings = append(settings, f)
			}
		}
		if args[i] == "--plugin-dir" {
			d := args[i+1]
			if !filepath.IsAbs(d) {
				d = "<PROJECT>/" + strings.TrimPrefix(d, "./")
			}
			plugins = append(plugins, d)
		}
	}
	s.GitInit, _ = c.Spec["git_init"].(bool)
	env := map[string]string{"HOME": "<HOME>", "LANG": "C.UTF-8", "TERM": "dumb", "TMPDIR": "<TMP>/tmp", "SHELL": "/bin/bash",
		"ORACLE_MARKER": "inherited-from-launch-env"}
	if extra, ok := c.Spec["env"].(map[string]any); ok {
		for k, v := range extra {
			env[k] = fmt.Sprint(v)
		}
	}
	argv := stringsOf(c.Observed["argv"])
	s.Launch = conformance.Launch{Args: argv, Cwd: "<PROJECT>", Env: env, Options: map[string]any{
		"settings": settings, "plugins": plugins, "permission_mode": orString(c.String("permission_mode"), "default")}}
	if plugins == nil {
		s.Launch.Options["plugins"] = []any{}
	}
	if settings == nil {
		s.Launch.Options["settings"] = []any{}
	}
	rc.occs = rc.synthesize(group(c, 1500, math.Inf(1), false))
	rc.findStopper()
	attr := rc.v.Attribute()
	written := map[string]string{}
	for p, content := range s.Files {
		written[p] = content
	}
	occs := make([]oracletest.ClaudeOccurrence, len(rc.occs))
	for i, o := range rc.occs {
		occs[i] = oracletest.ClaudeOccurrence{Event: o.event, Payload: o.payload, Stdin: o.stdin, Synth: o.synth}
	}
	runs := rc.v.ToolRuns(occs)
	for i, o := range rc.occs {
		cs := rc.caseOf(o, attr)
		cs.Files, cs.Commands = rc.toolEffects(runs[i], written)
		s.Cases = append(s.Cases, cs)
	}
	return s, "", nil
}

// judgedHookType is "prompt" or "agent" when settings (a settings.json)
// declare a hook of that type, else "".
func judgedHookType(settings []byte) string {
	var doc struct {
		Hooks map[string][]struct {
			Hooks []struct {
				Type string `json:"type"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if json.Unmarshal(settings, &doc) != nil {
		return ""
	}
	for _, groups := range doc.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				if h.Type == "prompt" || h.Type == "agent" {
					return h.Type
				}
			}
		}
	}
	return ""
}

func orString(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// caseOf is the case of one occurrence.
func (rc *claudeRec) caseOf(o *occurrence, attr *oracletest.ClaudeTexts) conformance.Case {
	cs := conformance.Case{Event: o.event, Payload: string(o.stdin), Synthetic: o.synth, Omitted: map[string]string{}}
	hooks := []conformance.HookRun{}
	for _, r := range o.runs {
		h := hookRun(r, claudeVars, func(s string) string { return s })
		if (r.ExitCode == nil || r.Signal != "") && rc.endedFirst(r) {
			h.AnyExit = true
		}
		hooks = append(hooks, h)
	}
	cs.Expect.Hooks = &hooks
	rc.effects(o, &cs, attr)
	if len(cs.Omitted) == 0 {
		cs.Omitted = nil
	}
	return cs
}

// Claude's placements in the kit (README, "Comparison"): where in the
// conversation a text reached the model. The form Claude gave it there
// (a <system-reminder> inside the tool_result, a text block of its own
// or a paragraph of a system message: Claude chooses by model) and the
// request it rode in are not part of it.
const (
	claudeToolResult      = "tool_result"       // the call's tool_result itself
	claudeAfterToolResult = "after_tool_result" // in the request carrying a tool_result, after it
	claudeSubagentPrompt  = "subagent_prompt"   // in the first request of a sub-agent's conversation
	claudeMessage         = "message"           // a message of its own: with the prompt, a continuation, the next request
)

// placement is where piece p was in the conversation.
func (rc *claudeRec) placement(p oracletest.ClaudePiece) string {
	switch {
	case p.Base:
		return claudeToolResult
	case p.ToolUseID != "":
		return claudeAfterToolResult
	}
	for _, q := range rc.v.Pieces(p.Req) {
		if q.Base {
			return claudeAfterToolResult
		}
	}
	if rc.subagentRequest(p.Req) {
		return claudeSubagentPrompt
	}
	return claudeMessage
}

// subagentRequest reports whether request i is the first of a sub-agent's
// conversation: the first of its conversation, made while an Agent (or
// Task) call of an earlier request had not been answered.
func (rc *claudeRec) subagentRequest(i int) bool {
	th := rc.v.Threads[i]
	for j := 0; j < i; j++ {
		if rc.v.Threads[j] == th {
			return false
		}
	}
	for _, tc := range rc.obs.ToolCalls {
		if tc.Name != "Agent" && tc.Name != "Task" {
			continue
		}
		var made int
		if _, err := fmt.Sscanf(tc.ID, "toolu_fake_t%d_", &made); err != nil || made >= i {
			continue
		}
		if answered := rc.v.RequestOf(tc.ID); answered < 0 || answered > i {
			return true
		}
	}
	return false
}

// effects sets the case's expectations beyond its hooks from what the
// model got and how the session went.
func (rc *claudeRec) effects(o *occurrence, cs *conformance.Case, attr *oracletest.ClaudeTexts) {
	omit := func(field, why string) { cs.Omitted[field] = why }
	at := attr.Event(o.event, o.payload)
	known := at.Known
	if !known {
		omit("texts", at.Why)
	}
	texts := []conformance.Text{}
	for _, p := range at.Texts {
		texts = append(texts, conformance.Text{Text: p.Text, Placement: rc.placement(p)})
	}
	tid := at.ToolUseID
	denied := rc.v.Denied()
	switch o.event {
	case "PreToolUse", "PermissionRequest":
		if tid == "" || o.synth {
			break
		}
		if rc.sharedSystemMessage(tid) {
			known = false
			omit("texts", "Claude put the texts of several calls in one system message")
		}
		// The call's last tool event decides it: the PermissionRequest
		// when its hooks were asked, else PreToolUse (its hooks, then
		// Claude's permission layer).
		if o.event == "PreToolUse" && rc.permissionRequested(tid) {
			omit("tool_runs", "the PermissionRequest event that followed decided the call")
			break
		}
		ran := !denied[tid]
		base, sent := rc.v.ResultBase(tid)
		if !sent && !denied[tid] {
			omit("tool_runs", "the call's result never reached the model")
			if rc.obs.Result.TerminalReason == "" && rc.obs.Result.Result == "" {
				known = false
				omit("texts", "the session did not end: no request followed the call")
			}
			break
		}
		cs.Expect.ToolRuns = ptr(ran)
		if !ran && sent {
			// The tool_result of a call that did not run: the hooks'
			// denial or Claude's permission verdict.
			texts = append(texts, conformance.Text{Text: base.Text, Placement: claudeToolResult})
		}
		if ran {
			if in := rc.ranInput(tid, o); in != nil {
				cs.Expect.ToolInput = in
			} else {
				omit("tool_input", "no PostToolUse hook of the call shows the input it ran with, and a hook of the session can rewrite it")
			}
		}
	case "PostToolUse", "PostToolUseFailure":
		if rc.sharedSystemMessage(tid) {
			known = false
			omit("texts", "Claude put the texts of several calls in one system message")
		}
	case "UserPromptSubmit", "UserPromptExpansion":
		if at.PromptBlocked {
			cs.Expect.PromptBlocked = ptr(true)
			cs.Expect.UserText = ptr(at.UserText)
		} else if at.PromptStoppedElsewhere {
			omit("prompt_blocked", "another event's hooks blocked the prompt")
		} else if len(rc.obs.ModelTurns) > 0 {
			cs.Expect.PromptBlocked = ptr(false)
		}
	case "Stop", "SubagentStop":
		cs.Expect.Continues = at.Continues
		if at.Continues == nil {
			omit("continues", at.Why)
		}
	}
	if !o.synth {
		switch {
		case rc.stopUnknown[o]:
			omit("stops", "which of the parallel calls' hooks ended Claude's loop cannot be told")
		case rc.obs.Result.TerminalReason == "" && rc.obs.Result.Result == "":
			omit("stops", "the session did not end")
		case rc.stopper == o:
			cs.Expect.Stops = ptr(rc.stopReason())
		default:
			cs.Expect.Stops = ptr("")
		}
	}
	if o.synth {
		texts = []conformance.Text{}
	}
	if known {
		cs.Expect.Texts = &texts
	}
}

// permissionRequested reports whether Claude asked the PermissionRequest
// hooks about call tid (the recording has their event).
func (rc *claudeRec) permissionRequested(tid string) bool {
	for _, o := range rc.occs {
		if o.event == "PermissionRequest" && !o.synth && rc.v.CallOf(o.payload) == tid {
			return true
		}
	}
	return false
}

// stopReason is how Claude's loop ended because of a hook, in its
// terminal_reason words ("prompt_stopped" for a prompt a
// UserPromptSubmit continue:false stopped), "" when no hook ended it.
func (rc *claudeRec) stopReason() string {
	if strings.HasPrefix(rc.obs.Result.Result, "Operation stopped by hook") {
		return "prompt_stopped"
	}
	switch r := rc.obs.Result.TerminalReason; r {
	case "hook_stopped", "tool_deferred", "aborted_tools", "stop_hook_prevented":
		return r
	}
	return ""
}

// stopEvents are the events whose hooks can end Claude's loop in each
// way.
var stopEvents = map[string][]string{
	"hook_stopped":        {"PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "PermissionRequest"},
	"tool_deferred":       {"PreToolUse"},
	"aborted_tools":       {"PermissionRequest"},
	"stop_hook_prevented": {"Stop"},
	"prompt_stopped":      {"UserPromptSubmit"},
}

// findStopper finds the event whose hooks ended Claude's loop: the last
// event that can end it that way, or, when several events of the same
// step (the tool calls of one model reply) can, the one whose hooks name
// the reply field that does it (continue, defer, interrupt); when that
// does not single one out, which one ended it cannot be told.
func (rc *claudeRec) findStopper() {
	rc.stopUnknown = map[*occurrence]bool{}
	reason := rc.stopReason()
	if reason == "" {
		return
	}
	var cands []*occurrence
	for _, o := range rc.occs {
		if o.synth {
			continue
		}
		for _, e := range stopEvents[reason] {
			if o.event == e {
				cands = append(cands, o)
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	last := cands[len(cands)-1]
	step := rc.stepOf(last)
	var same []*occurrence
	for _, o := range cands {
		if step >= 0 && rc.stepOf(o) == step {
			same = append(same, o)
		}
	}
	if len(same) <= 1 {
		rc.stopper = last
		return
	}
	var named []*occurrence
	for _, o := range same {
		if rc.hooksName(o, stopFields[reason]) {
			named = append(named, o)
		}
	}
	if len(named) == 1 {
		rc.stopper = named[0]
		return
	}
	for _, o := range same {
		rc.stopUnknown[o] = true
	}
}

// stopFields are the reply fields by which a hook ends Claude's loop in
// each way.
var stopFields = map[string]string{"hook_stopped": `"continue"`, "tool_deferred": `"defer"`, "aborted_tools": `"interrupt"`,
	"stop_hook_prevented": `"continue"`, "prompt_stopped": `"continue"`}

// hooksName reports whether a script (or settings file) of a hook that ran
// for o holds field.
func (rc *claudeRec) hooksName(o *occurrence, field string) bool {
	for _, r := range o.runs {
		for _, content := range hookScripts(rc.c, r.Name) {
			if strings.Contains(content, field) {
				return true
			}
		}
	}
	return false
}

// callID is the tool call a tool event is about ("" for others).
func (rc *claudeRec) callID(o *occurrence) string {
	if o.event == "PermissionRequest" {
		return rc.v.CallOf(o.payload)
	}
	if o.event == "PostToolBatch" {
		return "batch"
	}
	id, _ := o.payload["tool_use_id"].(string)
	return id
}

// stepOf is the request whose reply made an event's tool call (-1 for an
// event of no call): the tool calls of one reply are one step.
func (rc *claudeRec) stepOf(o *occurrence) int {
	id := rc.callID(o)
	if o.event == "PostToolBatch" {
		id = ""
		if calls, _ := o.payload["tool_calls"].([]any); len(calls) > 0 {
			first, _ := calls[0].(map[string]any)
			id = fmt.Sprint(first["tool_use_id"])
		}
	}
	var made int
	if _, err := fmt.Sscanf(id, "toolu_fake_t%d_", &made); err != nil {
		return -1
	}
	return made
}

// ranInput is the input Claude ran call tid with: what its PostToolUse
// (or PostToolUseFailure) hooks got; or, when none ran, the input of
// event o's payload if no file of the session can rewrite it (none
// names updatedInput, the only way a hook changes the input).
func (rc *claudeRec) ranInput(tid string, o *occurrence) json.RawMessage {
	for _, h := range rc.c.HookRuns {
		if h.Event != "PostToolUse" && h.Event != "PostToolUseFailure" {
			continue
		}
		var p struct {
			ToolUseID string          `json:"tool_use_id"`
			ToolInput json.RawMessage `json:"tool_input"`
		}
		if json.Unmarshal(h.Stdin, &p) == nil && p.ToolUseID == tid && p.ToolInput != nil {
			return p.ToolInput
		}
	}
	if rc.rewrites() {
		return nil
	}
	var p struct {
		ToolInput json.RawMessage `json:"tool_input"`
	}
	if json.Unmarshal(o.stdin, &p) != nil || p.ToolInput == nil {
		return nil
	}
	return p.ToolInput
}

// synthesize adds the tool calls for which Claude ran no PreToolUse hook
// although the settings have such hooks: an implementation must run none
// either (matchers, if rules that must not fire).
func (rc *claudeRec) synthesize(occs []*occurrence) []*occurrence {
	hasPre := false
	for p, content := range rc.files {
		if !strings.HasSuffix(p, ".json") || !strings.Contains(p, "settings") {
			continue
		}
		var s struct {
			Hooks map[string]json.RawMessage `json:"hooks"`
		}
		if json.Unmarshal([]byte(content), &s) == nil && len(s.Hooks["PreToolUse"]) > 2 {
			hasPre = true
		}
	}
	var template map[string]any
	for _, o := range occs {
		if o.event == "PreToolUse" || o.event == "PostToolUse" || o.event == "UserPromptSubmit" || o.event == "Stop" {
			template = o.payload
			break
		}
	}
	if template == nil {
		template = map[string]any{"session_id": "<SESSION>", "transcript_path": "<HOME>/.claude/projects/<PROJECT_ENC>/<SESSION>.jsonl",
			"cwd": "<PROJECT>", "prompt_id": "<UUID>", "permission_mode": orString(rc.c.String("permission_mode"), "default")}
	}
	started, captured := 0, 0
	for _, e := range rc.obs.Stream {
		if e.Subtype == "hook_started" && e.HookEvent == "PreToolUse" {
			started++
		}
	}
	for _, o := range occs {
		if o.event == "PreToolUse" {
			captured += len(o.runs)
		}
	}
	if !hasPre || started > captured {
		return occs
	}
	seen := map[string]bool{}
	for _, o := range occs {
		if o.event == "PreToolUse" {
			seen[fmt.Sprint(o.payload["tool_use_id"])] = true
		}
	}
	denied := rc.v.Denied()
	for _, tc := range rc.obs.ToolCalls {
		if seen[tc.ID] || tc.InputFromModel == nil || denied[tc.ID] || bytes.Contains(tc.Sent.Content, []byte("tool_use_error")) {
			continue
		}
		var b bytes.Buffer
		b.WriteByte('{')
		n := 0
		put := func(k string, v []byte) {
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			kb, _ := json.Marshal(k)
			b.Write(kb)
			b.WriteByte(':')
			b.Write(v)
		}
		for _, k := range []string{"session_id", "transcript_path", "cwd", "prompt_id", "permission_mode"} {
			if v, ok := template[k]; ok {
				vb, _ := json.Marshal(v)
				put(k, vb)
			}
		}
		name, _ := json.Marshal(tc.Name)
		id, _ := json.Marshal(tc.ID)
		var in bytes.Buffer
		if json.Compact(&in, tc.InputFromModel) != nil {
			continue
		}
		put("hook_event_name", []byte(`"PreToolUse"`))
		put("tool_name", name)
		put("tool_input", in.Bytes())
		put("tool_use_id", id)
		b.WriteString("}\n")
		o := &occurrence{event: "PreToolUse", stdin: b.Bytes(), synth: true}
		_ = json.Unmarshal(o.stdin, &o.payload)
		occs = append(occs, o)
	}
	return occs
}

// endedFirst reports whether Claude ended before run r could reach its
// timeout (so it killed the hook at its own exit): the session's
// duration from the run's start is less than the hook's timeout (the
// handler's "timeout" in seconds, Claude's 600 by default).
func (rc *claudeRec) endedFirst(r oracletest.HookRun) bool {
	var dur float64
	remarshal(rc.c.Observed["duration_s"], &dur)
	timeout := 600.0
	for p, content := range rc.files {
		if !strings.HasSuffix(p, ".json") {
			continue
		}
		var s struct {
			Hooks map[string][]struct {
				Hooks []struct {
					Command string   `json:"command"`
					Timeout *float64 `json:"timeout"`
				} `json:"hooks"`
			} `json:"hooks"`
		}
		if json.Unmarshal([]byte(content), &s) != nil {
			continue
		}
		for _, groups := range s.Hooks {
			for _, g := range groups {
				for _, h := range g.Hooks {
					if h.Timeout != nil && strings.Contains(h.Command, "/"+r.Name+".") {
						timeout = *h.Timeout
					}
				}
			}
		}
	}
	return dur > 0 && dur*1000-r.StartMS < timeout*1000*0.9
}

// sharedSystemMessage reports whether texts of call tid came from a
// system message of a request that answers several calls: which call a
// paragraph is about cannot be told then.
func (rc *claudeRec) sharedSystemMessage(tid string) bool {
	req := rc.v.RequestOf(tid)
	if req < 0 {
		return false
	}
	calls := 0
	for _, p := range rc.v.Pieces(req) {
		if p.Base {
			calls++
		}
	}
	if calls < 2 {
		return false
	}
	for _, p := range rc.v.Pieces(req) {
		if p.Form == oracletest.FormSystemText && oracletest.ClaudeTextEvent(p.Text) != "" {
			return true
		}
	}
	return false
}

// toolEffects are what Claude's tool calls runs did before an event (in
// the order it ran them): the files its Write, Edit and MultiEdit calls
// left (written: what the session's files hold so far, updated) and its
// Bash commands (in the call's working directory; sleep returns at once,
// as the recording's time is not replayed). A call whose input no hook
// of the session shows, when a hook of the session can rewrite inputs, is
// left out.
func (rc *claudeRec) toolEffects(runs []oracletest.ClaudeToolRun, written map[string]string) (map[string]string, []string) {
	var files map[string]string
	var commands []string
	for _, r := range runs {
		in := r.Input
		if in == nil && !rc.rewrites() {
			in = r.Model
		}
		if in == nil {
			continue
		}
		var x oracletest.ClaudeFileInput
		if json.Unmarshal(in, &x) != nil {
			continue
		}
		if r.Tool == "Bash" {
			cmd := "sleep() { :; }; " + x.Command
			if r.Cwd != "" && r.Cwd != "<PROJECT>" {
				cmd = "mkdir -p " + shellQuote(r.Cwd) + " && cd " + shellQuote(r.Cwd) + " && " + cmd
			}
			commands = append(commands, cmd)
			continue
		}
		p := x.FilePath
		if !strings.HasPrefix(p, "<PROJECT>/") && !strings.HasPrefix(p, "<HOME>/") && !strings.HasPrefix(p, "<TMP>/") {
			continue
		}
		old, ok := written[p]
		if !ok && r.Tool != "Write" {
			continue
		}
		content, err := x.Apply(r.Tool, old)
		if err != nil {
			continue
		}
		written[p] = content
		if files == nil {
			files = map[string]string{}
		}
		files[p] = written[p]
	}
	return files, commands
}

// rewrites reports whether a file of the session can rewrite a tool's
// input: one names updatedInput, the only way a hook changes it.
func (rc *claudeRec) rewrites() bool {
	for _, content := range rc.files {
		if strings.Contains(content, "updatedInput") {
			return true
		}
	}
	return false
}

// shellQuote is s quoted for bash (placeholders stay as they are: the
// runner expands them before running the command).
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
