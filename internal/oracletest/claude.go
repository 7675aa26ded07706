package oracletest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Claude Code recordings: what the model got. The Claude oracle records
// every model request's new messages (observed.json's model_turns), what
// the model got for each tool call, how the session ended and Claude's
// own stream of hook and permission events. [ClaudeView] reads them and
// [ClaudeTexts] attributes each model-visible hook text to the event
// whose hooks made it, in the order the events fired: the one reading
// both the Claude replay (golden) and the conformance kit's generator
// use.

// ClaudeObserved is what [ClaudeView] reads of a Claude recording's
// observed.json.
type ClaudeObserved struct {
	Version    string `json:"claude_version"`
	ModelTurns []struct {
		RequestSeq  int `json:"request_seq"`
		NumMessages int `json:"num_messages"`
		// New are the messages the request added since the model's last
		// answer.
		New []struct {
			Role    string        `json:"role"`
			Content []ClaudeBlock `json:"content"`
		} `json:"new_since_last_assistant"`
		// FakeReply is what the oracle's fake model answered.
		FakeReply []ClaudeBlock `json:"fake_reply"`
	} `json:"model_turns"`
	ToolCalls []struct {
		ID             string          `json:"id"`
		Name           string          `json:"name"`
		InputFromModel json.RawMessage `json:"input_from_model"`
		Stream         json.RawMessage `json:"tool_use_result_stream"`
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

// ClaudeBlock is one content block of a recorded message.
type ClaudeBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   *bool           `json:"is_error"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
}

// Forms of a [ClaudePiece]: how Claude put the text in the request.
const (
	// FormToolResult is a tool_result's own text.
	FormToolResult = "tool_result"
	// FormToolResultReminder is a <system-reminder> block appended to a
	// tool_result's content.
	FormToolResultReminder = "tool_result_reminder"
	// FormUserText is a text block of a user message.
	FormUserText = "user_message"
	// FormSystemText is a paragraph of a system message (Claude Code
	// sends its attachments so with some models).
	FormSystemText = "system_message"
)

// ClaudePiece is one model-visible text of a recorded request: a
// tool_result's own text or a reminder appended to it, a text block of a
// user message, or a paragraph of a system message.
type ClaudePiece struct {
	// Req is the request (model_turns index).
	Req int
	// ToolUseID is the tool_result the text belongs to ("" for text
	// blocks and system paragraphs); Base marks the tool_result's own
	// text.
	ToolUseID string
	Base      bool
	Text      string
	// Form is how the text was sent (FormToolResult, …).
	Form string
}

// ClaudeView reads a Claude recording's requests.
type ClaudeView struct {
	Obs ClaudeObserved
	// Threads gives each request its conversation: 0 for the main loop,
	// 1, 2, … for sub-agents.
	Threads []int
	pieces  map[int][]ClaudePiece
}

// NewClaudeView reads the model side of Claude recording c.
func NewClaudeView(c *Case) *ClaudeView {
	v := &ClaudeView{pieces: map[int][]ClaudePiece{}}
	// Read from the file: its raw values (tool inputs) keep their bytes.
	b, err := os.ReadFile(filepath.Join(c.Dir, "observed.json"))
	if err != nil {
		b, _ = json.Marshal(c.Observed)
	}
	_ = json.Unmarshal(b, &v.Obs)
	v.Threads = v.assignThreads()
	return v
}

var (
	claudeHookPrefix    = regexp.MustCompile(`^([A-Z][A-Za-z]+)(?::[^\s:]+)? hook\b`)
	claudeTokenReminder = regexp.MustCompile(`^<system-reminder>\n<total_tokens>\d+ tokens left</total_tokens>\n</system-reminder>$`)
	// claudeFakeToolID is the oracle's tool call id:
	// toolu_fake_t<request>_b<block>.
	claudeFakeToolID = regexp.MustCompile(`^toolu_fake_t(\d+)_b\d+$`)
)

// claudePreambleStart begins the preamble Claude puts before a hook text
// that asks the model something.
const claudePreambleStart = "The text below is the output of a hook"

// UnwrapReminder is a text's inner text without its <system-reminder>
// wrapper and the white space around it.
func UnwrapReminder(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "<system-reminder>\n") && strings.HasSuffix(s, "\n</system-reminder>") {
		return strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "<system-reminder>\n"), "\n</system-reminder>"))
	}
	return strings.TrimRight(s, " \t\n")
}

// ClaudeTextEvent names the event a hook text is about ("" for other
// texts): Claude starts each hook text with "<Event>[:<matcher>] hook".
func ClaudeTextEvent(s string) string {
	in := UnwrapReminder(s)
	if strings.HasPrefix(in, claudePreambleStart) {
		if i := strings.IndexByte(in, '\n'); i >= 0 {
			in = in[i+1:]
		}
	}
	if m := claudeHookPrefix.FindStringSubmatch(in); m != nil {
		return m[1]
	}
	return ""
}

// Pieces splits request i into pieces, dropping Claude's token reminder.
func (v *ClaudeView) Pieces(i int) []ClaudePiece {
	if p, ok := v.pieces[i]; ok {
		return p
	}
	var out []ClaudePiece
	for _, m := range v.Obs.ModelTurns[i].New {
		for _, b := range m.Content {
			switch b.Type {
			case "tool_result":
				var s string
				var arr []ClaudeBlock
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
				out = append(out, ClaudePiece{Req: i, ToolUseID: b.ToolUseID, Base: true, Text: base, Form: FormToolResult})
				for _, p := range tail {
					if !claudeTokenReminder.MatchString(strings.TrimSpace(p)) {
						out = append(out, ClaudePiece{Req: i, ToolUseID: b.ToolUseID, Text: p, Form: FormToolResultReminder})
					}
				}
			case "text":
				if m.Role == "system" {
					// Paragraphs; a persisted-output preview spans several.
					paras := strings.Split(b.Text, "\n\n")
					for j := 0; j < len(paras); j++ {
						para := paras[j]
						for strings.Contains(para, "<persisted-output>") && !strings.Contains(para, "</persisted-output>") && j+1 < len(paras) {
							j++
							para += "\n\n" + paras[j]
						}
						out = append(out, ClaudePiece{Req: i, Text: para, Form: FormSystemText})
					}
				} else if !claudeTokenReminder.MatchString(strings.TrimSpace(b.Text)) {
					out = append(out, ClaudePiece{Req: i, Text: b.Text, Form: FormUserText})
				}
			}
		}
	}
	v.pieces[i] = out
	return out
}

// splitReminders splits a tool_result string into its base text and the
// <system-reminder> blocks appended to it ("\n\n" + block).
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

// assignThreads gives each model request its conversation. A request
// answering tool calls belongs to the conversation that made them; a
// request without an earlier assistant message starts a conversation;
// any other (a stop continuation) continues the one whose last request
// ended its turn.
func (v *ClaudeView) assignThreads() []int {
	var threads []int
	next := 1
	last := map[int]int{} // thread → its last request
	for i, t := range v.Obs.ModelTurns {
		th := -1
		for _, m := range t.New {
			for _, b := range m.Content {
				if m := claudeFakeToolID.FindStringSubmatch(b.ToolUseID); b.Type == "tool_result" && m != nil {
					if j, _ := strconv.Atoi(m[1]); j < i {
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
				if v.EndsTurn(j) && t.NumMessages == v.Obs.ModelTurns[j].NumMessages+1+len(t.New) && j > best {
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

// EndsTurn reports whether request i's reply made no tool call.
func (v *ClaudeView) EndsTurn(i int) bool {
	for _, b := range v.Obs.ModelTurns[i].FakeReply {
		if b.Type == "tool_use" {
			return false
		}
	}
	return true
}

// RequestOf is the request whose new messages answer tool call tid, or
// -1.
func (v *ClaudeView) RequestOf(tid string) int {
	for i, t := range v.Obs.ModelTurns {
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

// CallTexts are the hook texts Claude attached to tool call tid for
// event: the reminders appended to its tool_result and the texts after it
// up to the next tool_result, and — when withBase — the tool_result's own
// text. nil when the call's result never went back to the model.
func (v *ClaudeView) CallTexts(tid, event string, withBase bool) []ClaudePiece {
	req := v.RequestOf(tid)
	if req < 0 {
		return nil
	}
	out := []ClaudePiece{}
	in := false
	for _, p := range v.Pieces(req) {
		switch {
		case p.ToolUseID == tid && p.Base:
			in = true
			if withBase {
				out = append(out, p)
			}
		case p.ToolUseID != "" && p.ToolUseID != tid && p.Base:
			in = false
		case in && ClaudeTextEvent(p.Text) == event:
			out = append(out, p)
		}
	}
	return out
}

// ResultBase is the tool_result Claude sent for call tid without the
// reminders appended to it; ok is false when it never reached the model.
func (v *ClaudeView) ResultBase(tid string) (ClaudePiece, bool) {
	req := v.RequestOf(tid)
	if req < 0 {
		return ClaudePiece{}, false
	}
	for _, p := range v.Pieces(req) {
		if p.ToolUseID == tid && p.Base {
			return p, true
		}
	}
	return ClaudePiece{}, false
}

// EventTexts are the texts of events in request i (text blocks, system
// paragraphs and reminders appended to tool results).
func (v *ClaudeView) EventTexts(i int, events ...string) []ClaudePiece {
	out := []ClaudePiece{}
	for _, p := range v.Pieces(i) {
		for _, e := range events {
			if ClaudeTextEvent(p.Text) == e {
				out = append(out, p)
			}
		}
	}
	return out
}

// Denied are the tool calls Claude did not run (its permission
// denials: by a hook or by its permission system).
func (v *ClaudeView) Denied() map[string]bool {
	out := map[string]bool{}
	for _, d := range v.Obs.Result.PermissionDenials {
		out[d.ToolUseID] = true
	}
	return out
}

// DenialCause is the decision_reason_type of Claude's permission_denied
// event for call tid ("hook", "rule", "mode", …; "" when none).
func (v *ClaudeView) DenialCause(tid string) string {
	for _, e := range v.Obs.Other {
		if e.Subtype == "permission_denied" && e.ToolUseID == tid {
			return e.DecisionReasonType
		}
	}
	return ""
}

// CallOf finds the tool call a tool event's payload is about: one of the
// payload's tool_name whose model input agrees with the payload's
// tool_input (Claude adds the defaults of keys the model left out, such
// as Edit's replace_all), "" when none.
func (v *ClaudeView) CallOf(payload map[string]any) string {
	in, _ := payload["tool_input"].(map[string]any)
	for _, tc := range v.Obs.ToolCalls {
		var model map[string]any
		if tc.Name != payload["tool_name"] || json.Unmarshal(tc.InputFromModel, &model) != nil {
			continue
		}
		same := len(model) <= len(in)
		for k, x := range model {
			a, _ := json.Marshal(x)
			b, _ := json.Marshal(in[k])
			same = same && JSONEqual(a, b)
		}
		if same {
			return tc.ID
		}
	}
	return ""
}

// JSONEqual compares two JSON texts as values (bytes when either is not
// JSON).
func JSONEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

// PromptIn reports whether request i carries prompt as a text block.
func (v *ClaudeView) PromptIn(i int, prompt string) bool {
	for _, m := range v.Obs.ModelTurns[i].New {
		for _, b := range m.Content {
			if b.Type == "text" && b.Text == prompt {
				return true
			}
		}
	}
	return false
}

// Notification reports whether request i is a background task's
// notification (a new prompt, not a continuation).
func (v *ClaudeView) Notification(i int) bool {
	for _, m := range v.Obs.ModelTurns[i].New {
		for _, b := range m.Content {
			if b.Type == "text" && strings.Contains(b.Text, "<task-notification>") {
				return true
			}
		}
	}
	return false
}

// NextIn is the next request of request i's conversation, or -1.
func (v *ClaudeView) NextIn(i int) int {
	for j := i + 1; j < len(v.Threads); j++ {
		if v.Threads[j] == v.Threads[i] {
			return j
		}
	}
	return -1
}

// ReplyText is the text of the fake model's answer to request i.
func (v *ClaudeView) ReplyText(i int) string {
	var s strings.Builder
	for _, b := range v.Obs.ModelTurns[i].FakeReply {
		if b.Type == "text" {
			s.WriteString(b.Text)
		}
	}
	return s.String()
}

// PromptBlocked reports whether the session's prompt was not sent
// because of a hook (Claude's result says so).
func (v *ClaudeView) PromptBlocked() bool {
	res := v.Obs.Result.Result
	return strings.Contains(res, "operation blocked by hook") || strings.HasPrefix(res, "Operation stopped by hook")
}

// ClaudeTexts attributes a Claude recording's hook texts to its events,
// fed in the order they fired ([ClaudeTexts.Event]).
type ClaudeTexts struct {
	v                         *ClaudeView
	stops, subStarts, ups     int
	subStops                  map[int]bool
	tasks                     map[string]int
	mainEnds, subEnds, subFst []int
}

// Attribute starts attributing the view's texts to events.
func (v *ClaudeView) Attribute() *ClaudeTexts {
	a := &ClaudeTexts{v: v, subStops: map[int]bool{}, tasks: map[string]int{}}
	for i := range v.Obs.ModelTurns {
		if v.Threads[i] == 0 && v.EndsTurn(i) {
			a.mainEnds = append(a.mainEnds, i)
		}
		if v.Threads[i] != 0 && v.EndsTurn(i) {
			a.subEnds = append(a.subEnds, i)
		}
		if v.Threads[i] != 0 && !containsInt(v.Threads[:i], v.Threads[i]) {
			a.subFst = append(a.subFst, i)
		}
	}
	return a
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// ClaudeEventTexts is what a recording shows of one event's hook texts.
type ClaudeEventTexts struct {
	// Known: the recording tells the event's texts (Texts, possibly
	// none); else Why says why not.
	Known bool
	Why   string
	Texts []ClaudePiece
	// ToolUseID is the call a tool event is about ("" when none).
	ToolUseID string
	// Request is the request the texts went with (-1: none or unknown).
	Request int
	// Continues (Stop, SubagentStop) says whether the conversation went
	// on after the event; nil for other events or when unknown.
	Continues *bool
	// PromptBlocked (UserPromptSubmit, UserPromptExpansion): a hook of
	// this event stopped the prompt, whose result Claude showed the user
	// (UserText). PromptStoppedElsewhere: the prompt was not sent, but
	// because of another event's hooks.
	PromptBlocked, PromptStoppedElsewhere bool
	UserText                              string
}

// Event attributes the texts of the next event (name, payload as
// decoded).
func (a *ClaudeTexts) Event(event string, payload map[string]any) ClaudeEventTexts {
	v := a.v
	r := ClaudeEventTexts{Known: true, Request: -1}
	tid, _ := payload["tool_use_id"].(string)
	unknown := func(why string) ClaudeEventTexts {
		r.Known, r.Why, r.Texts = false, why, nil
		return r
	}
	switch event {
	case "PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure":
		if event == "PermissionRequest" {
			tid = v.CallOf(payload)
		}
		r.ToolUseID = tid
		if tid == "" && (event == "PreToolUse" || event == "PermissionRequest") {
			return unknown("the tool call of the event is not among the recorded calls")
		}
		r.Request = v.RequestOf(tid)
		r.Texts = v.CallTexts(tid, event, false)
	case "PostToolBatch":
		calls, _ := payload["tool_calls"].([]any)
		if len(calls) == 0 {
			return unknown("the batch names no call")
		}
		first, _ := calls[0].(map[string]any)
		if req := v.RequestOf(fmt.Sprint(first["tool_use_id"])); req >= 0 {
			r.Request = req
			r.Texts = v.EventTexts(req, event)
		}
	case "UserPromptSubmit", "UserPromptExpansion":
		if v.PromptBlocked() {
			res := v.Obs.Result.Result
			if strings.HasPrefix(res, event) || strings.HasPrefix(res, "Operation stopped") {
				r.PromptBlocked, r.UserText = true, res
			} else {
				r.PromptStoppedElsewhere = true
			}
			break // no request was made: no text reached the model
		}
		if event == "UserPromptSubmit" {
			for ; a.ups < len(v.Obs.ModelTurns); a.ups++ {
				if v.PromptIn(a.ups, fmt.Sprint(payload["prompt"])) {
					r.Request = a.ups
					r.Texts = v.EventTexts(a.ups, event)
					a.ups++
					break
				}
			}
		} else {
			for i := range v.Obs.ModelTurns {
				if t := v.EventTexts(i, event); len(t) > 0 {
					r.Request = i
					r.Texts = append(r.Texts, t...)
				}
			}
		}
	case "SessionStart":
		if len(v.Obs.ModelTurns) == 0 {
			break
		}
		if payload["source"] == "startup" {
			r.Request = 0
			r.Texts = v.EventTexts(0, event)
		} else {
			for i := 1; i < len(v.Obs.ModelTurns); i++ {
				if t := v.EventTexts(i, event); len(t) > 0 {
					r.Request, r.Texts = i, t
					break
				}
			}
		}
	case "Stop":
		if a.stops >= len(a.mainEnds) {
			return unknown("no model request of the main loop ended before this Stop")
		}
		end := a.mainEnds[a.stops]
		a.stops++
		next := v.NextIn(end)
		if next >= 0 && v.Notification(next) {
			next = -1 // a background agent's report is a new prompt
		}
		c := next >= 0
		r.Continues = &c
		if c {
			r.Request = next
			r.Texts = v.EventTexts(next, "Stop")
		}
	case "SubagentStop":
		lam, _ := payload["last_assistant_message"].(string)
		end := -1
		for _, i := range a.subEnds {
			if !a.subStops[i] && v.ReplyText(i) == lam {
				end = i
				break
			}
		}
		if end < 0 {
			return unknown("the sub-agent's last request is not recorded")
		}
		a.subStops[end] = true
		next := v.NextIn(end)
		c := next >= 0
		r.Continues = &c
		if c {
			r.Request = next
			r.Texts = v.EventTexts(next, "SubagentStop", "Stop")
		}
	case "TaskCreated", "TaskCompleted":
		// The k-th of them answers the k-th TaskCreate (TaskUpdate) call.
		tool := map[string]string{"TaskCreated": "TaskCreate", "TaskCompleted": "TaskUpdate"}[event]
		k := a.tasks[event]
		a.tasks[event]++
		for _, tc := range v.Obs.ToolCalls {
			if tc.Name != tool {
				continue
			}
			if k > 0 {
				k--
				continue
			}
			r.Request = v.RequestOf(tc.ID)
			for _, t := range v.CallTexts(tc.ID, event, true) {
				if ClaudeTextEvent(t.Text) == event {
					r.Texts = append(r.Texts, t)
				}
			}
			break
		}
	case "SubagentStart":
		if a.subStarts < len(a.subFst) {
			r.Request = a.subFst[a.subStarts]
			r.Texts = v.EventTexts(r.Request, event)
		}
		a.subStarts++
	default:
		for i := range v.Obs.ModelTurns {
			if t := v.EventTexts(i, event); len(t) > 0 {
				r.Request = i
				r.Texts = append(r.Texts, t...)
			}
		}
	}
	if r.Texts == nil {
		r.Texts = []ClaudePiece{}
	}
	return r
}

// ClaudeOccurrence is what [ClaudeView.ToolRuns] reads of one event the
// replay fires: its name, its payload (decoded, and the bytes), and
// whether no hook ran for it in Claude (synthesised).
type ClaudeOccurrence struct {
	Event   string
	Payload map[string]any
	Stdin   []byte
	Synth   bool
}

// ClaudeToolRun is a tool call Claude ran that changed files (Bash,
// Write, Edit, MultiEdit), to be carried out by a replay.
type ClaudeToolRun struct {
	ID, Tool string
	// Input is the input it ran with as a recorded PostToolUse
	// (Failure) shows it (placeholders in it); nil when none shows it.
	Input json.RawMessage
	// Model is the model's input.
	Model json.RawMessage
	// Cwd is the working directory the call ran in (its PreToolUse's,
	// placeholders in it; "": the project).
	Cwd string
}

// ToolRuns places the tool calls Claude ran between the events occs (in
// fire order): a call ran when Claude neither denied it nor refused it
// before running (a <tool_use_error> result), and its result went back
// to the model or a PostToolUse (Failure) of it was recorded; a Bash
// call run in the background is left out (its effects depend on timing).
// It runs before its recorded PostToolUse (Failure), else right after its
// recorded PreToolUse or PermissionRequest, else before the first Stop,
// SubagentStop or PostToolBatch at or after the place of the calls placed
// so far. The map is keyed by the index of the occurrence the calls run
// before.
func (v *ClaudeView) ToolRuns(occs []ClaudeOccurrence) map[int][]ClaudeToolRun {
	denied := v.Denied()
	tidOf := func(o *ClaudeOccurrence) string {
		if o.Event == "PermissionRequest" {
			return v.CallOf(o.Payload)
		}
		id, _ := o.Payload["tool_use_id"].(string)
		return id
	}
	out := map[int][]ClaudeToolRun{}
	last := -1 // the latest place a call was put
	for _, tc := range v.Obs.ToolCalls {
		if tc.InputFromModel == nil || denied[tc.ID] || bytes.Contains(tc.Sent.Content, []byte("tool_use_error")) {
			continue
		}
		switch tc.Name {
		case "Bash", "Write", "Edit", "MultiEdit":
		default:
			continue // changes no file
		}
		var bg struct {
			Background bool `json:"run_in_background"`
		}
		if json.Unmarshal(tc.InputFromModel, &bg) == nil && bg.Background {
			continue
		}
		run := ClaudeToolRun{ID: tc.ID, Tool: tc.Name, Model: tc.InputFromModel}
		post, pre := -1, -1
		for i := range occs {
			o := &occs[i]
			if o.Synth || tidOf(o) != tc.ID {
				continue
			}
			switch o.Event {
			case "PostToolUse", "PostToolUseFailure":
				if post < 0 {
					post = i
					var p struct {
						ToolInput json.RawMessage `json:"tool_input"`
					}
					if json.Unmarshal(o.Stdin, &p) == nil && p.ToolInput != nil {
						run.Input = p.ToolInput
					}
				}
			case "PreToolUse", "PermissionRequest":
				pre = i
				if cwd, _ := o.Payload["cwd"].(string); cwd != "" {
					run.Cwd = cwd
				}
			}
		}
		if post < 0 && pre < 0 && v.RequestOf(tc.ID) < 0 {
			continue // nothing shows it ran
		}
		at := -1
		switch {
		case post >= 0:
			at = post
		case pre >= 0:
			at = pre + 1
		default:
			for i := max(last, 0); i < len(occs); i++ {
				if e := occs[i].Event; !occs[i].Synth && (e == "Stop" || e == "SubagentStop" || e == "PostToolBatch") {
					at = i
					break
				}
			}
		}
		if at < 0 {
			continue // no later event: nothing can see what it did
		}
		last = max(last, at)
		out[at] = append(out[at], run)
	}
	return out
}

// ClaudeFileInput is the input of Claude's file tools (Write, Edit,
// MultiEdit) and Bash, in Claude's argument names.
type ClaudeFileInput struct {
	Command    string  `json:"command"`
	FilePath   string  `json:"file_path"`
	Content    *string `json:"content"`
	OldString  string  `json:"old_string"`
	NewString  string  `json:"new_string"`
	ReplaceAll bool    `json:"replace_all"`
	Edits      []struct {
		OldString  string `json:"old_string"`
		NewString  string `json:"new_string"`
		ReplaceAll bool   `json:"replace_all"`
	} `json:"edits"`
}

// Apply is content after the call of tool (Write, Edit, MultiEdit) with
// input in as Claude applies it: Write's content, each edit's old_string
// replaced once (every time with replace_all). It fails when an
// old_string is not in the file, or a Write has no content.
func (in *ClaudeFileInput) Apply(tool, content string) (string, error) {
	edits := in.Edits
	switch tool {
	case "Write":
		if in.Content == nil {
			return "", fmt.Errorf("%s: a Write without content", in.FilePath)
		}
		return *in.Content, nil
	case "Edit":
		edits = append(edits[:0:0], struct {
			OldString  string `json:"old_string"`
			NewString  string `json:"new_string"`
			ReplaceAll bool   `json:"replace_all"`
		}{in.OldString, in.NewString, in.ReplaceAll})
	}
	for _, e := range edits {
		if e.OldString == "" || !strings.Contains(content, e.OldString) {
			return "", fmt.Errorf("%s: %q not found", in.FilePath, e.OldString)
		}
		n := 1
		if e.ReplaceAll {
			n = -1
		}
		content = strings.Replace(content, e.OldString, e.NewString, n)
	}
	return content, nil
}
