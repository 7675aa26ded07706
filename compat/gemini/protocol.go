package gemini

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Protocol is Gemini CLI's hook protocol (gemini-cli §4, §6; the
// recordings of 0.61.0 win where they differ), protocol "gemini" of an
// engine. Its tool vocabulary is fixed at construction; it is safe for
// concurrent use.
type Protocol struct {
	vocab *translate.Vocabulary
}

// NewProtocol returns the Gemini protocol translating tool and argument
// names with vocab (nil: translate.DefaultVocabulary).
func NewProtocol(vocab *translate.Vocabulary) *Protocol {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	return &Protocol{vocab: vocab}
}

var (
	_ runner.Protocol = (*Protocol)(nil)
	_ runner.Chainer  = (*Protocol)(nil)
)

// Name returns "gemini".
func (*Protocol) Name() string { return settings.ProtocolGemini }

// Selects applies the hook's Gemini CLI matcher ([ToolMatches], or the
// exact trigger match of SessionStart, SessionEnd and PreCompress).
func (p *Protocol) Selects(h *settings.Hook, ev *runner.Event) bool { return selects(p.vocab, h, ev) }

// addedEnv are the variables Gemini CLI's hook runner adds to its own
// environment for every hook (hookRunner.executeCommandHook).
var addedEnv = []string{"GEMINI_PROJECT_DIR", "GEMINI_PLANS_DIR", "GEMINI_CWD", "GEMINI_SESSION_ID", "CLAUDE_PROJECT_DIR"}

// Encode builds what every Gemini hook gets for ev: stdin = [Payload]
// (compact JSON, no trailing newline); environment = the engine's whole
// environment (Gemini CLI removes nothing) plus GEMINI_PROJECT_DIR,
// GEMINI_CWD and CLAUDE_PROJECT_DIR (the payload's cwd),
// GEMINI_SESSION_ID and GEMINI_PLANS_DIR.
func (p *Protocol) Encode(ev *runner.Event, base []string) (*runner.Payload, error) {
	stdin, err := Payload(ev, p.vocab)
	if err != nil {
		return nil, err
	}
	cwd := cwdOf(ev)
	add := map[string]string{
		"GEMINI_PROJECT_DIR": cwd,
		"GEMINI_PLANS_DIR":   plansDir(ev, base),
		"GEMINI_CWD":         cwd,
		"GEMINI_SESSION_ID":  ev.SessionID,
		"CLAUDE_PROJECT_DIR": cwd,
	}
	return &runner.Payload{Stdin: stdin, Env: hookkit.WithEnv(base, add)}, nil
}

func cwdOf(ev *runner.Event) string {
	if ev.Cwd != "" {
		return ev.Cwd
	}
	return ev.Workspace
}

// Prepare builds one run of a Gemini hook: `bash -c <command>` after the
// run-time replacement of $GEMINI_PROJECT_DIR, $GEMINI_CWD,
// $GEMINI_PLANS_DIR, $GEMINI_SESSION_ID and $CLAUDE_PROJECT_DIR (plain
// prefix match, values shell-quoted; hookRunner.expandCommand), in the
// payload's cwd, with the hook's env merged last. A hook converted from a
// Gemini file (option expand_vars) also gets the load-time $VAR expansion
// here, with the engine's environment.
func (p *Protocol) Prepare(h *settings.Hook, ev *runner.Event, pl *runner.Payload) (*runner.Invocation, error) {
	cwd := cwdOf(ev)
	dir := cwd
	if st, err := os.Stat(dir); dir == "" || err != nil || !st.IsDir() {
		dir = ev.Workspace
	}
	if h.Dir != "" {
		dir = h.Dir
	}
	hookEnv := h.Env
	cmd := h.Command
	if h.Options["expand_vars"] == "true" {
		x := launchExpander(pl.Env)
		cmd = x.Expand(cmd)
		if len(hookEnv) > 0 {
			hookEnv = map[string]string{}
			for k, v := range h.Env {
				hookEnv[k] = x.Expand(v)
			}
		}
	}
	inv := &runner.Invocation{
		Dir:     dir,
		Env:     hookkit.WithEnv(pl.Env, hookEnv),
		Stdin:   pl.Stdin,
		Timeout: h.EffectiveTimeout(),
		URL:     h.URL,
	}
	if h.EffectiveType() == settings.TypeHTTP {
		inv.Headers = hookkit.ExpandHeaders(h.Headers, h.AllowedEnvVars, inv.Env, false)
		return inv, nil
	}
	if len(h.Args) > 0 {
		inv.Argv = append([]string(nil), h.Args...)
		return inv, nil
	}
	cmd = ExpandCommand(cmd, cwd, hookkit.EnvValue(pl.Env, "GEMINI_PLANS_DIR"), ev.SessionID)
	inv.Argv = []string{"bash", "-c", cmd}
	return inv, nil
}

// launchExpander expands $VARs the way Gemini CLI does at settings load:
// with its launch environment, which does not hold the variables its hook
// runner adds.
func launchExpander(env []string) geminicore.Expander {
	look := geminicore.EnvLookup(env)
	return geminicore.Expander{Defaults: true, Lookup: func(name string) (string, bool) {
		for _, a := range addedEnv {
			if a == name {
				return "", false
			}
		}
		return look(name)
	}}
}

// ExpandCommand is Gemini CLI's run-time rewrite of a hook command
// (hookRunner.expandCommand): every $GEMINI_PROJECT_DIR, $GEMINI_CWD and
// $CLAUDE_PROJECT_DIR becomes the shell-quoted cwd, $GEMINI_PLANS_DIR the
// plans folder and $GEMINI_SESSION_ID the session id — by plain prefix
// match ($GEMINI_PROJECT_DIRX becomes <cwd>X), braces not included.
func ExpandCommand(cmd, cwd, plans, session string) string {
	if !strings.Contains(cmd, "$") {
		return cmd
	}
	qc, qp, qs := ShellQuote(cwd), ShellQuote(plans), ShellQuote(session)
	for _, r := range []struct{ name, val string }{
		{"$GEMINI_PROJECT_DIR", qc}, {"$GEMINI_CWD", qc}, {"$GEMINI_PLANS_DIR", qp},
		{"$GEMINI_SESSION_ID", qs}, {"$CLAUDE_PROJECT_DIR", qc},
	} {
		cmd = strings.ReplaceAll(cmd, r.name, r.val)
	}
	return cmd
}

// ShellQuote quotes one argument the way Gemini CLI does for bash
// (escapeShellArg: "" for an empty value, else shell-quote's quote):
// single quotes when it holds a double quote, white space or a backslash
// but no single quote; double quotes (with " \ $ ` ! escaped) when it
// holds a single quote or white space; otherwise the special characters
// backslash-escaped.
func ShellQuote(s string) string {
	if s == "" {
		return ""
	}
	hasSpace := strings.ContainsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v' })
	switch {
	case (hasSpace || strings.ContainsAny(s, "\"\\")) && !strings.Contains(s, "'"):
		return "'" + s + "'"
	case hasSpace || strings.ContainsAny(s, "\"'"):
		var b strings.Builder
		b.WriteByte('"')
		for _, r := range s {
			if strings.ContainsRune("\"\\$`!", r) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		b.WriteByte('"')
		return b.String()
	}
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if strings.ContainsRune("#!\"$&'()*,:;<=>?@[\\]^`{|}", r) {
			// shell-quote leaves a drive letter's colon ("C:") alone.
			if r == ':' && i > 0 && isASCIILetter(rs[i-1]) {
				b.WriteRune(r)
				continue
			}
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// Schedule runs the plan in parallel unless a selected hook's group says
// "sequential": true (then one by one in plan order, each successful
// hook's output passed on, [Protocol.Chain]); identical hooks — the same
// name (or none) and command — run once (hookPlanner.deduplicateHooks;
// a plugin hook's key has no command).
func (*Protocol) Schedule(*runner.Event) runner.Schedule {
	return runner.Schedule{
		Parallel:  true,
		ChainArgs: true,
		DedupKey:  DedupKey,
		Serial:    func(h *settings.Hook) bool { return h.Options["sequential"] == "true" },
	}
}

// DedupKey is Gemini CLI's identity of a hook for deduplication
// (getHookKey): "<name>:<command>", the command left out for a plugin
// hook.
func DedupKey(h *settings.Hook) string {
	cmd := h.Command
	if cmd == "" && len(h.Args) > 0 {
		cmd = strings.Join(h.Args, " ")
	}
	if h.Options["type"] == "plugin" {
		cmd = ""
	}
	if h.EffectiveType() == settings.TypeHTTP {
		cmd = h.URL
	}
	return h.Name + ":" + cmd
}

// Detail is what the Gemini protocol records of one hook run
// (runner.HookReply.Detail).
type Detail struct {
	// Output is the reply object Gemini CLI read (from JSON, or made of
	// plain text), nil when it read none.
	Output *geminicore.Output
	// Format is "json", "text" or "" (no output).
	Format string
	// Success is Gemini's success: the hook exited 0 (a timeout, a spawn
	// error or a signal is not).
	Success bool
	// ExitCode is the exit status (-1 when killed by a signal or never
	// started).
	ExitCode int
	// Error is Gemini CLI's error message of a failed run ("Hook timed
	// out after 1000ms"), or "".
	Error string
}

// Classify reads one finished run the way Gemini CLI does
// (hookRunner.executeCommandHook, gemini-cli §4.2 as recorded): a timeout
// or spawn error is a failure without output; otherwise the text is the
// trimmed stdout, or the trimmed stderr when stdout is empty; JSON (a JSON
// string holding JSON is parsed again) that is an object or an array is
// the output whatever the exit code; a JSON primitive is no output at
// all; other text is {decision: allow, systemMessage: text} for exit 0 (or
// a signal), {decision: allow, systemMessage: "Warning: " + text} for exit
// 1 and {decision: deny, reason: text} for exit 2 and above. Output cut at
// the engine's limit is a failure (no decision is read from half a
// reply).
func (p *Protocol) Classify(h *settings.Hook, ev *runner.Event, res *runner.RunResult) runner.HookReply {
	d := &Detail{ExitCode: res.ExitCode}
	rep := runner.HookReply{Detail: d}
	switch {
	case res.Cancelled:
		rep.Outcome, rep.Err = runner.OutcomeCancelled, "the run was cancelled"
	case res.TimedOut:
		d.Error = fmt.Sprintf("Hook timed out after %dms", h.EffectiveTimeout().Milliseconds())
		rep.Outcome, rep.Err = runner.OutcomeTimeout, d.Error
	case res.StartErr != nil:
		d.Error = res.StartErr.Error()
		rep.Outcome, rep.Err = runner.OutcomeError, d.Error
	case res.StdoutTruncated || res.StderrTruncated:
		d.Error = "the hook's output exceeded the engine's limit and was cut; its reply is not read"
		rep.Outcome, rep.Err = runner.OutcomeError, d.Error
	default:
		d.Success = res.ExitCode == 0 && res.Signal == ""
		d.Output, d.Format = readOutput(res)
		switch {
		case d.Output != nil && blocking(d.Output):
			rep.Outcome = runner.OutcomeBlocking
		case !d.Success:
			rep.Outcome = runner.OutcomeError
			if res.Signal != "" {
				rep.Err = "killed by SIG" + res.Signal
			} else {
				rep.Err = fmt.Sprintf("exit status %d", res.ExitCode)
			}
		default:
			rep.Outcome = runner.OutcomeSuccess
		}
	}
	if rep.Outcome.Failed() && h.FailClosed {
		// A failure of a fail_closed hook blocks: as if it had denied.
		reason := fmt.Sprintf("hook %s failed and is fail_closed: %s", h.Label(), rep.Err)
		o := jsonwire.NewObject(jsonwire.JSRoundTrip)
		o.Str("decision", "deny")
		o.Str("reason", reason)
		b, _ := o.Bytes()
		d.Output, d.Format = geminicore.NewOutput(b), "json"
		rep.Outcome = runner.OutcomeBlocking
	}
	if r, ok := ForNative(ev.Name); ok && d.Output != nil {
		rep.Reply = p.nativeReply(r, ev, d.Output)
		if rep.Decision == runner.DecisionNone {
			if dec, ok := d.Output.StringField("decision"); ok && dec != "" {
				rep.Decision = ownDecision(dec)
			}
		}
	}
	return rep
}

func ownDecision(d string) runner.Decision {
	switch d {
	case "block":
		return runner.DecisionBlock
	case "deny":
		return runner.DecisionDeny
	case "ask":
		return runner.DecisionAsk
	}
	return runner.DecisionAllow
}

func blocking(o *geminicore.Output) bool {
	d, _ := o.StringField("decision")
	return d == "block" || d == "deny"
}

// readOutput applies Gemini CLI's output rule to a finished run.
func readOutput(res *runner.RunResult) (*geminicore.Output, string) {
	text := geminicore.TrimJS(toJSString(res.Stdout))
	if text == "" {
		text = geminicore.TrimJS(toJSString(res.Stderr))
	}
	if text == "" {
		return nil, ""
	}
	var v any
	if err := json.Unmarshal([]byte(text), &v); err == nil {
		raw := []byte(text)
		if s, isStr := v.(string); isStr {
			if err := json.Unmarshal([]byte(s), &v); err != nil {
				return plainOutput(text, res), "text"
			}
			raw = []byte(s)
		}
		switch v.(type) {
		case map[string]any, []any:
			return geminicore.NewOutput(raw), "json"
		}
		return nil, "" // a number, a boolean or null: no output, not even a deny
	}
	return plainOutput(text, res), "text"
}

// plainOutput is convertPlainTextToHookOutput with exitCode || 0.
func plainOutput(text string, res *runner.RunResult) *geminicore.Output {
	exit := res.ExitCode
	if exit < 0 {
		exit = 0 // killed by a signal: exitCode is null
	}
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	switch exit {
	case 0:
		o.Str("decision", "allow")
		o.Str("systemMessage", text)
	case 1:
		o.Str("decision", "allow")
		o.Str("systemMessage", "Warning: "+text)
	default:
		o.Str("decision", "deny")
		o.Str("reason", text)
	}
	b, _ := o.Bytes()
	return geminicore.NewOutput(b)
}

// toJSString is Buffer.toString() of output bytes: invalid UTF-8 becomes
// U+FFFD.
func toJSString(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\ufffd")
}

// Combine merges the outputs of the protocol's hooks for ev as Gemini CLI
// does (the table's Merge: [MergeOr], [MergeReplace],
// [MergeToolSelection], [MergeSimple]; outputs of failed hooks count,
// timed-out ones have none) and says in native terms what the agent then
// does: the decisions the event honours (Block, Ask, Stop), the
// effective reason (stopReason, else reason, else "No reason provided"),
// the raw additionalContext where the event uses it, a BeforeTool
// tool_input as updated args (it replaces the arguments) and the
// system message unless suppressOutput.
func (p *Protocol) Combine(ev *runner.Event, replies []runner.HookReply) runner.Reply {
	r, ok := ForNative(ev.Name)
	if !ok {
		return runner.Reply{}
	}
	m := mergeOutputs(r, outputsOf(replies))
	if m == nil {
		return runner.Reply{}
	}
	return p.nativeReply(r, ev, m)
}

func outputsOf(replies []runner.HookReply) []*geminicore.Output {
	var outs []*geminicore.Output
	for i := range replies {
		if d, ok := replies[i].Detail.(*Detail); ok && d.Output != nil {
			outs = append(outs, d.Output)
		}
	}
	return outs
}

// nativeReply says what Gemini CLI does with the merged output m of event
// r, in native reply terms.
func (p *Protocol) nativeReply(r *Row, ev *runner.Event, m *geminicore.Output) runner.Reply {
	var rep runner.Reply
	dec, _ := m.StringField("decision")
	reason := effectiveReason(m)
	if m.ContinueFalse() && r.Stop != Ignored {
		f := false
		rep.Continue = &f
		rep.StopReason = reason
	}
	switch {
	case (dec == "block" || dec == "deny") && r.Block != Ignored:
		rep.Decision, rep.Reason = ownDecision(dec), reason
	case dec == "ask" && r.Ask:
		rep.Decision, rep.Reason = runner.DecisionAsk, reason
	case rep.Continue != nil:
		rep.Reason = reason
	}
	if r.Context != NoContext {
		if c, ok := specificString(m, "additionalContext"); ok {
			rep.AdditionalContext = c
		}
	}
	if r.Chain == ChainToolInput && rep.Decision == runner.DecisionNone && rep.Continue == nil {
		if ti := specificObject(m, "tool_input"); ti != nil {
			tool := ToolName(p.vocab, ev.Tool)
			msg := validateParams(tool, ti)
			if msg == "" {
				msg = pathError(ev, tool, ti)
			}
			if msg != "" {
				// The tool rejects the new arguments: the call fails.
				rep.Decision, rep.Reason = runner.DecisionDeny, textInvalidParams+msg
			} else {
				rep.UpdatedArgs = p.vocab.Args(Dialect, translate.Native, ToolName(p.vocab, ev.Tool), ti)
			}
		}
	}
	if sm, ok := m.Text("systemMessage"); ok && !m.Truthy("suppressOutput") {
		rep.SystemMessage = sm
	}
	return rep
}

// effectiveReason is getEffectiveReason: stopReason || reason || "No
// reason provided".
func effectiveReason(m *geminicore.Output) string {
	if s, ok := m.Text("stopReason"); ok {
		return s
	}
	if s, ok := m.Text("reason"); ok {
		return s
	}
	return "No reason provided"
}

// specificString returns hookSpecificOutput[key] when it is a string.
func specificString(m *geminicore.Output, key string) (string, bool) {
	v, ok := m.Specific().Get(key)
	if !ok {
		return "", false
	}
	r := gjson.ParseBytes(v)
	if r.Type != gjson.String {
		return "", false
	}
	return r.Str, true
}

// specificObject returns hookSpecificOutput[key] when it is a JSON
// object (not an array), else nil.
func specificObject(m *geminicore.Output, key string) json.RawMessage {
	v, ok := m.Specific().Get(key)
	if !ok || !gjson.ParseBytes(v).IsObject() {
		return nil
	}
	return v
}

// Chain is applyHookOutputToInput: after a successful hook (exit 0, with
// output) of a sequential plan, the next hook's BeforeAgent prompt gets
// "\n\n" + its additionalContext (raw), its BeforeTool tool_input the
// hook's tool_input merged in (key by key), its BeforeModel llm_request
// the hook's llm_request merged in.
func (p *Protocol) Chain(ev *runner.Event, rep *runner.HookReply) (runner.Event, bool) {
	d, ok := rep.Detail.(*Detail)
	if !ok || !d.Success || d.Output == nil {
		return runner.Event{}, false
	}
	r, ok := ForNative(ev.Name)
	if !ok {
		return runner.Event{}, false
	}
	next := ev.Clone()
	switch r.Chain {
	case ChainPrompt:
		c, ok := specificString(d.Output, "additionalContext")
		if !ok {
			return runner.Event{}, false
		}
		next.Prompt += "\n\n" + c
	case ChainToolInput:
		ti := specificObject(d.Output, "tool_input")
		if ti == nil {
			return runner.Event{}, false
		}
		tool := ToolName(p.vocab, ev.Tool)
		cur := p.vocab.Args(translate.Native, Dialect, ev.Tool, ev.Args)
		next.Args = p.vocab.Args(Dialect, translate.Native, tool, spread(cur, ti))
	case ChainLLMRequest:
		lr := specificObject(d.Output, "llm_request")
		if lr == nil {
			return runner.Event{}, false
		}
		cur, _ := ev.Extra.Get("llm_request")
		next.Extra.Set("llm_request", spread(cur, lr))
	default:
		return runner.Event{}, false
	}
	return next, true
}

// spread is {...a, ...b} of two JSON objects (a may be empty or not an
// object): a's keys in order with b's values, then b's new keys.
func spread(a, b json.RawMessage) json.RawMessage {
	var fa, fb runner.Fields
	if gjson.ParseBytes(a).IsObject() {
		_ = fa.UnmarshalJSON(a)
	}
	_ = fb.UnmarshalJSON(b)
	for _, kv := range fb {
		fa.Set(kv.Key, kv.Value)
	}
	out, _ := fa.MarshalJSON()
	return out
}
