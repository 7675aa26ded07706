package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
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

type claudeObserved struct {
	Version    string `json:"claude_version"`
	ModelTurns []struct {
		NumMessages int `json:"num_messages"`
		New         []struct {
			Role    string        `json:"role"`
			Content []claudeBlock `json:"content"`
		} `json:"new_since_last_assistant"`
		FakeReply []claudeBlock `json:"fake_reply"`
	} `json:"model_turns"`
	ToolCalls []struct {
		ID             string          `json:"id"`
		Name           string          `json:"name"`
		InputFromModel json.RawMessage `json:"input_from_model"`
		Sent           struct {
			Content json.RawMessage `json:"content"`
		} `json:"tool_result_sent_to_model"`
	} `json:"tool_calls"`
	Result struct {
		Result            string `json:"result"`
		TerminalReason    string `json:"terminal_reason"`
		PermissionDenials []struct {
			ToolUseID string `json:"tool_use_id"`
		} `json:"permission_denials"`
	} `json:"result"`
	Other []struct {
		Subtype            string `json:"subtype"`
		ToolUseID          string `json:"tool_use_id"`
		DecisionReasonType string `json:"decision_reason_type"`
	} `json:"other_system_events_stream"`
	Stream []struct {
		Subtype   string `json:"subtype"`
		HookEvent string `json:"hook_event"`
	} `json:"hook_events_stream"`
}

type claudeBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
}

type claudeRec struct {
	c       *oracletest.Case
	obs     claudeObserved
	threads []int
	files   map[string]string
}

func claudeSession(c *oracletest.Case) (*conformance.Session, string, error) {
	rc := &claudeRec{c: c}
	remarshal(c.Observed, &rc.obs)
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
	rc.threads = rc.assignThreads()
	occs := rc.synthesize(group(c, 1500, math.Inf(1), false))
	state := &claudeState{subStops: map[int]bool{}, tasks: map[string]int{}}
	written := map[string]string{}
	for p, content := range s.Files {
		written[p] = content
	}
	for _, o := range occs {
		cs := rc.caseOf(o, state)
		cs.Files = toolWrites(o, written)
		s.Cases = append(s.Cases, cs)
	}
	return s, "", nil
}

func orString(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// claudeState is what attributing texts to events in order keeps.
type claudeState struct {
	stops, subStarts, ups int
	subStops              map[int]bool
	tasks                 map[string]int
}

// caseOf is the case of one occurrence.
func (rc *claudeRec) caseOf(o *occurrence, st *claudeState) conformance.Case {
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
	rc.effects(o, &cs, st)
	if len(cs.Omitted) == 0 {
		cs.Omitted = nil
	}
	return cs
}

var (
	hookPrefix    = regexp.MustCompile(`^([A-Z][A-Za-z]+)(?::[^\s:]+)? hook\b`)
	tokenReminder = regexp.MustCompile(`^<system-reminder>\n<total_tokens>\d+ tokens left</total_tokens>\n</system-reminder>$`)
	fakeToolID    = regexp.MustCompile(`^toolu_fake_t(\d+)_b\d+$`)
	// permissionSystem matches the denials Claude's own permission system
	// writes (as opposed to a hook's).
	permissionSystem = regexp.MustCompile(`requires approval|Claude requested permissions|haven't granted|permission to use|while in plan mode|don't ask mode`)
)

const preambleStart = "The text below is the output of a hook"

func unwrap(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "<system-reminder>\n") && strings.HasSuffix(s, "\n</system-reminder>") {
		return strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "<system-reminder>\n"), "\n</system-reminder>"))
	}
	return strings.TrimRight(s, " \t\n")
}

// textEvent names the event a hook text is about ("" for other texts):
// Claude starts each hook text with "<Event>[:<matcher>] hook".
func textEvent(s string) string {
	in := unwrap(s)
	if strings.HasPrefix(in, preambleStart) {
		if i := strings.IndexByte(in, '\n'); i >= 0 {
			in = in[i+1:]
		}
	}
	if m := hookPrefix.FindStringSubmatch(in); m != nil {
		return m[1]
	}
	return ""
}

// piece is one model-visible text of the recording.
type piece struct {
	tid  string // the tool_result it belongs to ("" for text blocks)
	base bool   // the tool_result's own text
	text string
	// placement is where Claude put it.
	placement string
}

func (rc *claudeRec) pieces(i int) []piece {
	var out []piece
	for _, m := range rc.obs.ModelTurns[i].New {
		for _, b := range m.Content {
			switch b.Type {
			case "tool_result":
				var s string
				var arr []claudeBlock
				if json.Unmarshal(b.Content, &s) != nil && json.Unmarshal(b.Content, &arr) == nil {
					for j, x := range arr {
						if x.Type == "text" && (j == 0 || !strings.HasPrefix(strings.TrimSpace(x.Text), "<system-reminder>")) {
							s += x.Text
						} else if x.Type == "text" {
							s += "\n\n" + strings.TrimSpace(x.Text)
						}
					}
				}
				base, tail := splitReminders(s)
				out = append(out, piece{tid: b.ToolUseID, base: true, text: base, placement: "tool_result"})
				for _, p := range tail {
					if !tokenReminder.MatchString(strings.TrimSpace(p)) {
						out = append(out, piece{tid: b.ToolUseID, text: p, placement: "tool_result_reminder"})
					}
				}
			case "text":
				if m.Role == "system" {
					paras := strings.Split(b.Text, "\n\n")
					for j := 0; j < len(paras); j++ {
						para := paras[j]
						for strings.Contains(para, "<persisted-output>") && !strings.Contains(para, "</persisted-output>") && j+1 < len(paras) {
							j++
							para += "\n\n" + paras[j]
						}
						out = append(out, piece{text: para, placement: "system_message"})
					}
				} else if !tokenReminder.MatchString(strings.TrimSpace(b.Text)) {
					out = append(out, piece{text: b.Text, placement: m.Role + "_message"})
				}
			}
		}
	}
	return out
}

func splitReminders(s string) (string, []string) {
	var tail []string
	for strings.HasSuffix(strings.TrimRight(s, " \n"), "</system-reminder>") {
		i := strings.LastIndex(s, "\n\n<system-reminder>\n")
		if i < 0 {
			if strings.HasPrefix(s, "<system-reminder>\n") {
				tail = append([]string{s}, tail...)
				s = ""
			}
			break
		}
		tail = append([]string{s[i+2:]}, tail...)
		s = s[:i]
	}
	return s, tail
}

// assignThreads gives each model request its conversation: 0 for the
// main loop, 1, 2, … for sub-agents.
func (rc *claudeRec) assignThreads() []int {
	var threads []int
	next := 1
	last := map[int]int{}
	for i, t := range rc.obs.ModelTurns {
		th := -1
		for _, m := range t.New {
			for _, b := range m.Content {
				if m := fakeToolID.FindStringSubmatch(b.ToolUseID); b.Type == "tool_result" && m != nil {
					var j int
					fmt.Sscan(m[1], &j)
					if j < i {
						th = threads[j]
					}
				}
			}
		}
		switch {
		case i == 0:
			th = 0
		case th >= 0:
		case t.NumMessages == len(t.New):
			th, next = next, next+1
		default:
			best := -1
			for c, j := range last {
				if rc.endsTurn(j) && t.NumMessages == rc.obs.ModelTurns[j].NumMessages+1+len(t.New) && j > best {
					best, th = j, c
				}
			}
			if th < 0 {
				th = 0
			}
		}
		threads = append(threads, th)
		last[th] = i
	}
	return threads
}

func (rc *claudeRec) endsTurn(i int) bool {
	for _, b := range rc.obs.ModelTurns[i].FakeReply {
		if b.Type == "tool_use" {
			return false
		}
	}
	return true
}

func (rc *claudeRec) requestOf(tid string) int {
	for i, t := range rc.obs.ModelTurns {
		for _, m := range t.New {
			for _, b := range m.Content {
				if b.Type == "tool_result" && b.ToolUseID == tid {
					return i
				}
			}
		}
	}
	return -1
}

// callTexts are the texts Claude attached to tool call tid for event
// (reminders appended to its result, text blocks after it) and, when
// withBase, the result itself; nil when the result never reached the
// model.
func (rc *claudeRec) callTexts(tid, event string, withBase bool) []piece {
	req := rc.requestOf(tid)
	if req < 0 {
		return nil
	}
	out := []piece{}
	in := false
	for _, p := range rc.pieces(req) {
		switch {
		case p.tid == tid && p.base:
			in = true
			if withBase {
				out = append(out, p)
			}
		case p.tid != "" && p.tid != tid && p.base:
			in = false
		case in && textEvent(p.text) == event:
			out = append(out, p)
		}
	}
	return out
}

func (rc *claudeRec) eventTexts(i int, events ...string) []piece {
	out := []piece{}
	for _, p := range rc.pieces(i) {
		for _, e := range events {
			if textEvent(p.text) == e {
				out = append(out, p)
			}
		}
	}
	return out
}

func (rc *claudeRec) denied() map[string]bool {
	out := map[string]bool{}
	for _, d := range rc.obs.Result.PermissionDenials {
		out[d.ToolUseID] = true
	}
	return out
}

func (rc *claudeRec) denialCause(tid string) string {
	for _, e := range rc.obs.Other {
		if e.Subtype == "permission_denied" && e.ToolUseID == tid {
			return e.DecisionReasonType
		}
	}
	return ""
}

func (rc *claudeRec) resultText(tid string) string {
	for _, tc := range rc.obs.ToolCalls {
		if tc.ID == tid {
			return string(tc.Sent.Content)
		}
	}
	return ""
}

func (rc *claudeRec) callOf(payload map[string]any) string {
	in, _ := json.Marshal(payload["tool_input"])
	for _, tc := range rc.obs.ToolCalls {
		if tc.Name == payload["tool_name"] && jsonSame(tc.InputFromModel, in) {
			return tc.ID
		}
	}
	return ""
}

func jsonSame(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

func (rc *claudeRec) promptIn(i int, prompt string) bool {
	for _, m := range rc.obs.ModelTurns[i].New {
		for _, b := range m.Content {
			if b.Type == "text" && b.Text == prompt {
				return true
			}
		}
	}
	return false
}

func (rc *claudeRec) notification(i int) bool {
	for _, m := range rc.obs.ModelTurns[i].New {
		for _, b := range m.Content {
			if b.Type == "text" && strings.Contains(b.Text, "<task-notification>") {
				return true
			}
		}
	}
	return false
}

func (rc *claudeRec) nextIn(i int) int {
	for j := i + 1; j < len(rc.threads); j++ {
		if rc.threads[j] == rc.threads[i] {
			return j
		}
	}
	return -1
}

func (rc *claudeRec) replyText(i int) string {
	var s strings.Builder
	for _, b := range rc.obs.ModelTurns[i].FakeReply {
		if b.Type == "text" {
			s.WriteString(b.Text)
		}
	}
	return s.String()
}

// effects sets the case's expectations beyond its hooks from what the
// model got and how the session went.
func (rc *claudeRec) effects(o *occurrence, cs *conformance.Case, st *claudeState) {
	var mainEnds, subEnds, subFirst []int
	for i := range rc.obs.ModelTurns {
		if rc.threads[i] == 0 && rc.endsTurn(i) {
			mainEnds = append(mainEnds, i)
		}
		if rc.threads[i] != 0 && rc.endsTurn(i) {
			subEnds = append(subEnds, i)
		}
		if rc.threads[i] != 0 && !containsInt(rc.threads[:i], rc.threads[i]) {
			subFirst = append(subFirst, i)
		}
	}
	denied := rc.denied()
	tid, _ := o.payload["tool_use_id"].(string)
	var want []piece
	known := true
	omit := func(field, why string) { cs.Omitted[field] = why }
	switch o.event {
	case "PreToolUse", "PermissionRequest":
		if o.event == "PermissionRequest" {
			tid = rc.callOf(o.payload)
		}
		if tid == "" {
			known = false
			omit("texts", "the tool call of the event is not among the recorded calls")
			break
		}
		cause := rc.denialCause(tid)
		if cause == "" && denied[tid] && permissionSystem.MatchString(rc.resultText(tid)) {
			cause = "permission system"
		}
		stoppedByHook := denied[tid] && (cause == "hook" || cause == "")
		if denied[tid] && cause != "" && cause != "hook" {
			known = false
			omit("texts", "Claude's permission system stopped the call")
			omit("tool_runs", "Claude's permission system stopped the call")
			break
		}
		// The tool_result of a call that did not run is the permission
		// verdict's (the hooks' decision through Claude's permission
		// layer); here the hooks' other texts.
		want = rc.callTexts(tid, o.event, false)
		_ = stoppedByHook
		if rc.sharedSystemMessage(tid) {
			known = false
			omit("texts", "Claude put the texts of several calls in one system message")
		}
		if o.event == "PreToolUse" && !o.synth && (cause != "" || (!denied[tid] && rc.requestOf(tid) >= 0)) {
			cs.Expect.ToolRuns = ptr(!denied[tid])
		}
		if o.event == "PreToolUse" && !o.synth && !denied[tid] {
			if in := rc.ranInput(tid); in != nil {
				cs.Expect.ToolInput = in
			} else {
				omit("tool_input", "no PostToolUse hook of the call shows the input it ran with")
			}
		}
	case "PostToolUse", "PostToolUseFailure":
		want = rc.callTexts(tid, o.event, false)
		if rc.sharedSystemMessage(tid) {
			known = false
			omit("texts", "Claude put the texts of several calls in one system message")
		}
	case "PostToolBatch":
		calls, _ := o.payload["tool_calls"].([]any)
		if len(calls) == 0 {
			known = false
			omit("texts", "the batch names no call")
			break
		}
		first, _ := calls[0].(map[string]any)
		if req := rc.requestOf(fmt.Sprint(first["tool_use_id"])); req >= 0 {
			want = rc.eventTexts(req, o.event)
		}
	case "UserPromptSubmit", "UserPromptExpansion":
		res := rc.obs.Result.Result
		if strings.Contains(res, "operation blocked by hook") || strings.HasPrefix(res, "Operation stopped by hook") {
			known = false
			omit("texts", "the prompt was not sent")
			if strings.HasPrefix(res, o.event) || strings.HasPrefix(res, "Operation stopped") {
				cs.Expect.PromptBlocked = ptr(true)
				cs.Expect.UserText = ptr(res)
			} else {
				omit("prompt_blocked", "another event's hooks blocked the prompt")
			}
			break
		}
		if o.event == "UserPromptSubmit" {
			for ; st.ups < len(rc.obs.ModelTurns); st.ups++ {
				if rc.promptIn(st.ups, fmt.Sprint(o.payload["prompt"])) {
					want = rc.eventTexts(st.ups, o.event)
					st.ups++
					break
				}
			}
		} else {
			for i := range rc.obs.ModelTurns {
				want = append(want, rc.eventTexts(i, o.event)...)
			}
		}
	case "SessionStart":
		if len(rc.obs.ModelTurns) == 0 {
			break
		}
		if o.payload["source"] == "startup" {
			want = rc.eventTexts(0, o.event)
		} else {
			for i := 1; i < len(rc.obs.ModelTurns); i++ {
				if w := rc.eventTexts(i, o.event); len(w) > 0 {
					want = w
					break
				}
			}
		}
	case "Stop":
		if st.stops >= len(mainEnds) {
			known = false
			omit("texts", "no model request of the main loop ended before this Stop")
			break
		}
		end := mainEnds[st.stops]
		st.stops++
		next := rc.nextIn(end)
		if next >= 0 && rc.notification(next) {
			next = -1
		}
		cs.Expect.Continues = ptr(next >= 0)
		if next >= 0 {
			want = rc.eventTexts(next, "Stop")
		}
	case "SubagentStop":
		lam, _ := o.payload["last_assistant_message"].(string)
		end := -1
		for _, i := range subEnds {
			if !st.subStops[i] && rc.replyText(i) == lam {
				end = i
				break
			}
		}
		if end < 0 {
			known = false
			omit("texts", "the sub-agent's last request is not recorded")
			break
		}
		st.subStops[end] = true
		next := rc.nextIn(end)
		cs.Expect.Continues = ptr(next >= 0)
		if next >= 0 {
			want = rc.eventTexts(next, "SubagentStop", "Stop")
		}
	case "TaskCreated", "TaskCompleted":
		tool := map[string]string{"TaskCreated": "TaskCreate", "TaskCompleted": "TaskUpdate"}[o.event]
		k := st.tasks[o.event]
		st.tasks[o.event]++
		for _, tc := range rc.obs.ToolCalls {
			if tc.Name != tool {
				continue
			}
			if k > 0 {
				k--
				continue
			}
			for _, t := range rc.callTexts(tc.ID, o.event, true) {
				if textEvent(t.text) == o.event {
					want = append(want, t)
				}
			}
			break
		}
	case "SubagentStart":
		if st.subStarts < len(subFirst) {
			want = rc.eventTexts(subFirst[st.subStarts], o.event)
		}
		st.subStarts++
	default:
		for i := range rc.obs.ModelTurns {
			want = append(want, rc.eventTexts(i, o.event)...)
		}
	}
	if o.synth {
		want = nil
	}
	if known {
		texts := []conformance.Text{}
		for _, p := range want {
			texts = append(texts, conformance.Text{Text: p.text, Placement: p.placement})
		}
		cs.Expect.Texts = &texts
	}
}

// ranInput is the input Claude ran call tid with: what its PostToolUse
// (or PostToolUseFailure) hooks got.
func (rc *claudeRec) ranInput(tid string) json.RawMessage {
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
	return nil
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
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
	denied := rc.denied()
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
	req := rc.requestOf(tid)
	if req < 0 {
		return false
	}
	calls := 0
	for _, p := range rc.pieces(req) {
		if p.base {
			calls++
		}
	}
	if calls < 2 {
		return false
	}
	for _, p := range rc.pieces(req) {
		if p.placement == "system_message" && textEvent(p.text) != "" {
			return true
		}
	}
	return false
}

// toolWrites are the files a Write or Edit call had written when its
// PostToolUse fired (written: what the session's files hold so far,
// updated).
func toolWrites(o *occurrence, written map[string]string) map[string]string {
	if o.event != "PostToolUse" {
		return nil
	}
	var in struct {
		FilePath   string  `json:"file_path"`
		Content    *string `json:"content"`
		OldString  string  `json:"old_string"`
		NewString  string  `json:"new_string"`
		ReplaceAll bool    `json:"replace_all"`
	}
	remarshal(o.payload["tool_input"], &in)
	if !strings.HasPrefix(in.FilePath, "<PROJECT>/") {
		return nil
	}
	switch o.payload["tool_name"] {
	case "Write":
		if in.Content == nil {
			return nil
		}
		written[in.FilePath] = *in.Content
	case "Edit":
		old, ok := written[in.FilePath]
		if !ok || in.OldString == "" || !strings.Contains(old, in.OldString) {
			return nil
		}
		n := 1
		if in.ReplaceAll {
			n = -1
		}
		written[in.FilePath] = strings.Replace(old, in.OldString, in.NewString, n)
	default:
		return nil
	}
	return map[string]string{in.FilePath: written[in.FilePath]}
}
