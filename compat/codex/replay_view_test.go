package codex

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/oracletest"
)

// payloadBase is the common part of a synthesised payload.
type payloadBase struct {
	session, turn, transcript, cwd, model, mode string
}

func baseOf(c *oracletest.Case, obs *observed, firings []*firing, l *layout) payloadBase {
	b := payloadBase{session: "<SESSION>", turn: "<TURN_1>",
		transcript: "<CODEX_HOME>/sessions/<Y>/<M>/<D>/rollout-<TIMESTAMP>-<SESSION>.jsonl",
		cwd:        l.norm(l.cwd), model: c.String("model"), mode: "bypassPermissions"}
	if b.model == "" {
		b.model = "gpt-5.5"
	}
	for _, p := range stringsOf(c.Spec["permissions"]) {
		if p == "--approve-for-me" {
			b.mode = "default"
		}
	}
	if len(obs.ModelTurns) > 0 && obs.ModelTurns[0].TurnID != "" {
		b.turn = obs.ModelTurns[0].TurnID
	}
	for _, f := range firings {
		var m map[string]any
		if json.Unmarshal(f.stdin, &m) != nil || m["agent_id"] != nil {
			continue
		}
		str := func(k string) string { s, _ := m[k].(string); return s }
		if s := str("permission_mode"); s != "" {
			b.mode = s
		}
		if s := str("model"); s != "" {
			b.model = s
		}
		if s := str("transcript_path"); s != "" && f.event != "SubagentStart" {
			b.transcript = s
		}
		if s := str("cwd"); s != "" {
			b.cwd = s
		}
		break
	}
	return b
}

// synthesize builds the events Codex fired without running any hook:
// SessionStart (startup), UserPromptSubmit, PreToolUse and PostToolUse of
// shell and patch calls, and the final Stop — so that a hook that must not
// run (a matcher that does not match, a disabled or untrusted layer) is
// checked too.
func synthesize(c *oracletest.Case, obs *observed, firings []*firing, l *layout) []*firing {
	b := baseOf(c, obs, firings, l)
	has := func(event string, pred func(m map[string]any) bool) bool {
		for _, f := range firings {
			if f.event != event {
				continue
			}
			var m map[string]any
			_ = json.Unmarshal(f.stdin, &m)
			if pred == nil || pred(m) {
				return true
			}
		}
		return false
	}
	var out []*firing
	add := func(event string, kv ...any) {
		o := jsonwire.NewObject(jsonwire.Serde)
		for i := 0; i+1 < len(kv); i += 2 {
			k := kv[i].(string)
			switch v := kv[i+1].(type) {
			case string:
				o.Str(k, v)
			case bool:
				o.Bool(k, v)
			case json.RawMessage:
				o.Raw(k, v)
			}
		}
		data, _ := o.Bytes()
		out = append(out, &firing{event: event, stdin: data, synth: true})
	}
	if !has("SessionStart", nil) && (len(obs.ModelTurns) > 0 || obs.ExitCode == 0) {
		add("SessionStart", "session_id", b.session, "transcript_path", b.transcript, "cwd", b.cwd,
			"hook_event_name", "SessionStart", "model", b.model, "permission_mode", b.mode, "source", "startup")
	}
	if !has("UserPromptSubmit", func(m map[string]any) bool { return m["agent_id"] == nil }) && len(obs.ModelTurns) > 0 {
		prompt := c.String("prompt")
		if prompt == "" {
			prompt = "do it"
		}
		add("UserPromptSubmit", "session_id", b.session, "turn_id", b.turn, "transcript_path", b.transcript, "cwd", b.cwd,
			"hook_event_name", "UserPromptSubmit", "model", b.model, "permission_mode", b.mode, "prompt", prompt)
	}
	for _, tc := range obs.ToolCalls {
		var outText string
		_ = json.Unmarshal(tc.Output, &outText)
		if len(tc.Input) == 0 || strings.HasPrefix(outText, "unsupported call") || outText == "aborted" {
			continue
		}
		var tool string
		var input json.RawMessage
		switch tc.Name {
		case "exec_command":
			var in struct {
				Cmd *string `json:"cmd"`
			}
			if json.Unmarshal(tc.Input, &in) != nil || in.Cmd == nil {
				continue
			}
			tool, input = "Bash", mustJSON(map[string]string{"command": *in.Cmd})
		case "apply_patch":
			var patch string
			if json.Unmarshal(tc.Input, &patch) != nil {
				continue
			}
			o := jsonwire.NewObject(jsonwire.Serde)
			o.Str("command", patch)
			input, _ = o.Bytes()
			tool = "apply_patch"
		default:
			continue
		}
		id := tc.CallID
		byID := func(m map[string]any) bool { return m["tool_use_id"] == id }
		if !has("PreToolUse", byID) {
			add("PreToolUse", "session_id", b.session, "turn_id", b.turn, "transcript_path", b.transcript, "cwd", b.cwd,
				"hook_event_name", "PreToolUse", "model", b.model, "permission_mode", b.mode, "tool_name", tool,
				"tool_input", input, "tool_use_id", id)
		}
		blocked := strings.HasPrefix(outText, "Command blocked by PreToolUse hook:") || outText == outputT3
		if tool == "Bash" && !blocked && !has("PostToolUse", byID) && strings.Contains(outText, "Process exited with code") {
			resp := outText
			if i := strings.Index(resp, "Output:\n"); i >= 0 {
				resp = resp[i+len("Output:\n"):]
			}
			add("PostToolUse", "session_id", b.session, "turn_id", b.turn, "transcript_path", b.transcript, "cwd", b.cwd,
				"hook_event_name", "PostToolUse", "model", b.model, "permission_mode", b.mode, "tool_name", tool,
				"tool_input", input, "tool_response", resp, "tool_use_id", id)
		}
	}
	if !has("Stop", nil) && !obs.TimedOut && len(obs.ModelTurns) > 0 {
		last := ""
		for _, t := range obs.ModelTurns {
			if t.TurnID != b.turn {
				continue
			}
			for _, it := range t.Reply {
				if it["type"] == "message" && it["role"] == "assistant" {
					last = messageText(it)
				}
			}
		}
		lastTurn := obs.ModelTurns[len(obs.ModelTurns)-1]
		endsWithAnswer := false
		for _, it := range lastTurn.Reply {
			if it["type"] == "message" && it["role"] == "assistant" {
				endsWithAnswer = true
			}
		}
		if last != "" && endsWithAnswer && !strings.Contains(obs.Stderr, "ERROR") {
			add("Stop", "session_id", b.session, "turn_id", b.turn, "transcript_path", b.transcript, "cwd", b.cwd,
				"hook_event_name", "Stop", "model", b.model, "permission_mode", b.mode, "stop_hook_active", false,
				"last_assistant_message", last)
		}
	}
	return out
}

func messageText(it map[string]any) string {
	parts, _ := it["content"].([]any)
	var b strings.Builder
	for _, p := range parts {
		m, _ := p.(map[string]any)
		if s, ok := m["text"].(string); ok {
			b.WriteString(s)
		}
	}
	return b.String()
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

// itemsAt are the texts of a rendering's items at a placement.
func itemsAt(r Rendering, place string) []string {
	var out []string
	for _, it := range r.Items {
		if it.Placement != place {
			continue
		}
		if it.Output != nil {
			out = append(out, *it.Output)
			continue
		}
		for _, c := range it.Content {
			out = append(out, c.Text)
		}
	}
	return out
}

func stopID(f *firing) string {
	var m map[string]any
	_ = json.Unmarshal(f.stdin, &m)
	id, _ := m["tool_use_id"].(string)
	return id
}

// compareModelView compares what the model saw with the renderings.
func compareModelView(r reporter, c *oracletest.Case, obs *observed, firings []*firing, l *layout) {
	r.Helper()
	pre, post := map[string]*firing{}, map[string]*firing{}
	var perms, stops, subStops, sessionStarts, prompts, subStarts []*firing
	for _, f := range firings {
		if f.out == nil {
			return // already reported
		}
		switch f.event {
		case "PreToolUse":
			pre[stopID(f)] = f
		case "PostToolUse":
			post[stopID(f)] = f
		case "PermissionRequest":
			perms = append(perms, f)
		case "Stop":
			stops = append(stops, f)
		case "SubagentStop":
			subStops = append(subStops, f)
		case "SessionStart":
			sessionStarts = append(sessionStarts, f)
		case "UserPromptSubmit":
			prompts = append(prompts, f)
		case "SubagentStart":
			subStarts = append(subStarts, f)
		}
	}
	norm := func(ss []string) []string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = l.norm(s)
		}
		return out
	}
	// Prompt dropped / session ended: no model request at all.
	dropped := false
	for _, f := range append(append([]*firing{}, prompts...), sessionStarts...) {
		if f.render.PromptDropped || f.render.SessionEnds {
			dropped = true
		}
	}
	if dropped && len(obs.ModelTurns) > 0 {
		r.Errorf("hookcompat drops the prompt (or ends the session), Codex made %d model request(s)", len(obs.ModelTurns))
	}
	if !dropped && len(obs.ModelTurns) == 0 && obs.ExitCode == 0 && len(prompts) > 0 && !strings.Contains(obs.Stderr, "ERROR") {
		r.Errorf("Codex made no model request (the prompt was dropped), hookcompat did not drop it")
	}
	// Tool outputs and effective inputs.
	usedPerm := map[*firing]bool{}
	for _, tc := range obs.ToolCalls {
		var got string
		if json.Unmarshal(tc.Output, &got) != nil {
			continue
		}
		p := pre[tc.CallID]
		var want []string
		what := ""
		if p != nil && p.render.ToolRuns != nil && !*p.render.ToolRuns {
			want, what = itemsAt(p.render, PlaceOutput), "PreToolUse block"
		}
		var perm *firing
		if p != nil && want == nil {
			for _, f := range perms {
				if usedPerm[f] {
					continue
				}
				if commandOf(f.render.EffectiveInput) == commandOf(p.render.EffectiveInput) {
					perm, usedPerm[f] = f, true
					break
				}
			}
			if perm != nil && perm.render.ToolRuns != nil && !*perm.render.ToolRuns {
				want, what = itemsAt(perm.render, PlaceOutput), "PermissionRequest deny"
			}
		}
		if q := post[tc.CallID]; want == nil && q != nil {
			if o := itemsAt(q.render, PlaceOutput); len(o) > 0 {
				want, what = o, "PostToolUse feedback"
			}
		}
		switch {
		case want != nil:
			if w := l.norm(want[0]); w != got {
				r.Errorf("call %s: %s: the model got\n  %s\nhookcompat renders\n  %s", tc.CallID, what, clip(got, w), clip(w, got))
			}
		case strings.HasPrefix(got, "Command blocked by PreToolUse hook:") || strings.HasPrefix(got, "Tool call blocked by PreToolUse hook:") || got == outputT3:
			r.Errorf("call %s: Codex blocked it (%q), hookcompat lets it run", tc.CallID, got)
		case strings.Contains(got, `failed: CreateProcess { message: "Rejected(`) && perm != nil && perm.render.ToolRuns != nil:
			r.Errorf("call %s: Codex's approval was rejected (%q), hookcompat's PermissionRequest decided %v", tc.CallID, got, *perm.render.ToolRuns)
		}
		// The input the call ran with, where a later event shows it.
		if p != nil && p.out.UpdatedArgs != nil && want == nil {
			seen := ""
			if q := post[tc.CallID]; q != nil && !q.synth {
				seen = commandOf(jsonField(q.stdin, "tool_input"))
			} else if perm != nil && !perm.synth {
				seen = commandOf(jsonField(perm.stdin, "tool_input"))
			}
			if seen != "" && l.norm(commandOf(p.render.EffectiveInput)) != seen {
				r.Errorf("call %s: effective input: Codex ran %q, hookcompat %q", tc.CallID, seen, l.norm(commandOf(p.render.EffectiveInput)))
			}
		}
	}
	// Developer contexts and hook prompts, request by request.
	mainTurn := ""
	if len(obs.ModelTurns) > 0 {
		mainTurn = obs.ModelTurns[0].TurnID
	}
	firstOf, reviewer := map[string]bool{}, map[string]bool{}
	var stopPrompts, subStopPrompts [][]string
	for _, t := range obs.ModelTurns {
		items := t.NewInput
		if len(items) == 0 {
			continue
		}
		if first := contentTexts(items[0]); items[0]["role"] == "developer" && len(first) > 0 && strings.HasPrefix(first[0], "You are judging one planned coding-agent action.") {
			reviewer[t.TurnID] = true // an automatic reviewer's conversation
			continue
		}
		if reviewer[t.TurnID] {
			continue
		}
		if texts := contentTexts(items[0]); items[0]["role"] == "user" && len(texts) > 0 && strings.HasPrefix(texts[0], "<hook_prompt") {
			if strings.HasPrefix(texts[0], `<hook_prompt hook_run_id="subagent-stop:`) {
				subStopPrompts = append(subStopPrompts, texts)
			} else {
				stopPrompts = append(stopPrompts, texts)
			}
			continue
		}
		if !firstOf[t.TurnID] {
			firstOf[t.TurnID] = true
			compareFirstRequest(r, t.TurnID, t.TurnID == mainTurn, items, sessionStarts, prompts, subStarts, norm)
			continue
		}
		compareToolTurn(r, t.TurnID, items, pre, post, norm)
	}
	compareContinuations(r, "Stop", stops, stopPrompts, obs.TimedOut, norm)
	compareContinuations(r, "SubagentStop", subStops, subStopPrompts, obs.TimedOut, norm)
}

func jsonField(data []byte, key string) json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(data, &m)
	return m[key]
}

func commandOf(in json.RawMessage) string {
	var c struct {
		Command string `json:"command"`
	}
	_ = json.Unmarshal(in, &c)
	return c.Command
}

// compareFirstRequest checks the hook texts of a conversation's first
// request: SessionStart (or, in a subagent, SubagentStart) contexts
// between <environment_context> and the prompt, UserPromptSubmit contexts
// after it.
func compareFirstRequest(r reporter, turn string, main bool, items []map[string]any, ss, ups, subStarts []*firing, norm func([]string) []string) {
	r.Helper()
	env := -1
	for i, it := range items {
		if texts := contentTexts(it); it["role"] == "user" && len(texts) > 0 && strings.HasPrefix(texts[0], "<environment_context>") {
			env = i
		}
	}
	if env < 0 {
		return
	}
	var before, after []string
	promptSeen := false
	for _, it := range items[env+1:] {
		switch it["role"] {
		case "developer":
			if promptSeen {
				after = append(after, contentTexts(it)...)
			} else {
				before = append(before, contentTexts(it)...)
			}
		case "user":
			promptSeen = true
		}
	}
	var wantBefore, wantAfter []string
	if main {
		for _, f := range ss {
			if f.ev.Reason != "compact" {
				wantBefore = append(wantBefore, itemsAt(f.render, PlaceBeforePrompt)...)
			}
		}
	} else {
		for _, f := range subStarts {
			if f.ev.PromptID == "" || turnOf(f) == turn {
				wantBefore = append(wantBefore, itemsAt(f.render, PlaceSubagentFirst)...)
			}
		}
	}
	for _, f := range ups {
		if turnOf(f) == turn {
			wantAfter = append(wantAfter, itemsAt(f.render, PlaceAfterPrompt)...)
		}
	}
	if g, w := strings.Join(before, "\x00"), strings.Join(norm(wantBefore), "\x00"); g != w {
		r.Errorf("request %s: context before the prompt: Codex sent %q, hookcompat renders %q", turn, before, norm(wantBefore))
	}
	if g, w := strings.Join(after, "\x00"), strings.Join(norm(wantAfter), "\x00"); g != w {
		r.Errorf("request %s: context after the prompt: Codex sent %q, hookcompat renders %q", turn, after, norm(wantAfter))
	}
}

// turnOf is the firing's turn id in the recordings' placeholders.
func turnOf(f *firing) string { return f.turn }

// compareToolTurn checks a request that carries tool outputs: the
// PreToolUse contexts of all its calls, then each call's PostToolUse
// contexts before its output.
func compareToolTurn(r reporter, turn string, items []map[string]any, pre, post map[string]*firing, norm func([]string) []string) {
	r.Helper()
	var calls []string
	var dev []string
	for _, it := range items {
		switch it["type"] {
		case "function_call_output", "custom_tool_call_output":
			id, _ := it["call_id"].(string)
			calls = append(calls, id)
		case "message":
			if it["role"] == "developer" {
				dev = append(dev, contentTexts(it)...)
			}
		}
	}
	if len(calls) == 0 {
		return
	}
	var want []string
	for _, id := range calls {
		if f := pre[id]; f != nil {
			want = append(want, itemsAt(f.render, PlaceBeforeOutput)...)
		}
	}
	for _, id := range calls {
		if f := post[id]; f != nil {
			want = append(want, itemsAt(f.render, PlaceBeforeOutput)...)
		}
	}
	if g, w := strings.Join(dev, "\x00"), strings.Join(norm(want), "\x00"); g != w {
		r.Errorf("request %s: developer contexts around the tool outputs: Codex sent %q, hookcompat renders %q", turn, dev, norm(want))
	}
}

// compareContinuations pairs the Stop (or SubagentStop) firings that
// continue with the hook_prompt requests Codex made, in order.
func compareContinuations(r reporter, event string, fs []*firing, prompts [][]string, timedOut bool, norm func([]string) []string) {
	r.Helper()
	var cont [][]string
	for _, f := range fs {
		if f.render.Continues {
			cont = append(cont, itemsAt(f.render, PlaceNextRequest))
		}
	}
	n := len(cont)
	if timedOut && n == len(prompts)+1 {
		n-- // Codex was killed before the last continuation's request
	}
	if n != len(prompts) {
		r.Errorf("%s: hookcompat continues %d time(s), Codex sent %d hook prompt(s)", event, len(cont), len(prompts))
		return
	}
	for i := 0; i < n; i++ {
		if g, w := strings.Join(prompts[i], "\x00"), strings.Join(norm(cont[i]), "\x00"); g != w {
			r.Errorf("%s continuation %d: Codex sent %q, hookcompat renders %q", event, i+1, prompts[i], norm(cont[i]))
		}
	}
}

// clip shows a long text around its first difference from other.
func clip(s, other string) string {
	if len(s) < 400 {
		return fmt.Sprintf("%q", s)
	}
	i := 0
	for i < len(s) && i < len(other) && s[i] == other[i] {
		i++
	}
	lo, hi := max(0, i-80), min(len(s), i+80)
	return fmt.Sprintf("(%d bytes, differs at %d) …%q…", len(s), i, s[lo:hi])
}
