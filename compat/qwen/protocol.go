package qwen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Protocol is Qwen Code's hook protocol (qwen-code §3, §4, §5; the
// recordings of 0.24.4 win where they differ), protocol "qwen" of an
// engine, on the core it shares with Gemini CLI:
//   - Selects: the hook's Qwen matcher (matches, with Qwen's tool
//     aliases); one that cannot be evaluated selects, with a warning
//     (SelectWarn);
//   - Encode: stdin = payloadBytes (an http hook's body is the same bytes);
//     the engine's environment without Qwen's internal secrets, plus
//     GEMINI_PROJECT_DIR, CLAUDE_PROJECT_DIR and QWEN_PROJECT_DIR (the
//     payload's cwd) and Qwen's shell context: QWEN_CODE_SESSION_ID,
//     QWEN_CODE_PROJECT_DIR (<qwen home>/projects/<project slug>, not the
//     project), QWEN_CODE_MODEL_IDENTITY (the engine's, when it describes
//     its QWEN_CODE_MODEL; else ""), QWEN_CODE_AGENT_ID (the running
//     agent's: the payload's agent_id, except on SubagentStart, whose
//     agent_id names the agent being started) and QWEN_CODE_PROMPT_ID
//     (the payload's prompt_id), "" when unknown;
//   - Prepare: a command as `bash -c <command>` as written (no run-time
//     replacement for bash), or with shell "powershell" as `powershell
//     -NoProfile -Command` with $GEMINI_PROJECT_DIR, $CLAUDE_PROJECT_DIR
//     and $QWEN_PROJECT_DIR replaced by the quoted cwd; in the payload's
//     cwd, the hook's env merged last. An http hook POSTs the payload with
//     its headers ($VARs of allowedEnvVars filled in, others empty, CR, LF
//     and NUL removed) after Qwen's URL checks: the allowedHttpHookUrls
//     list and the SSRF guard (cloud metadata hosts always, private
//     networks unless allowPrivateNetworkHooks; loopback is allowed); a
//     refused URL is a failure, which never blocks. An http hook with
//     once: true runs only the first time for its url and event;
//   - Schedule: parallel unless a group is "sequential" (then chained),
//     identical hooks once (dedupKey); Detached: async command hooks and
//     every hook of MessageDisplay, StopFailure and SessionDelete (run
//     under a supervisor that outlives the CLI, output ignored);
//   - Classify and Combine: Qwen's output rules and merge (the event
//     table's columns; an allow can override a sibling's deny, as
//     recorded); prompt hooks through the embedding agent's judge.
//
// Its tool vocabulary is fixed at construction. It keeps one piece of
// session state, the http hooks with once: true that already ran; it is
// safe for concurrent use.
type Protocol struct {
	*geminicore.Protocol
}

// NewProtocol returns the Qwen protocol translating tool and argument
// names with vocab (nil: translate.DefaultVocabulary).
func NewProtocol(vocab *translate.Vocabulary) *Protocol {
	return &Protocol{geminicore.NewProtocol(agent, vocab)}
}

var (
	_ runner.Protocol      = (*Protocol)(nil)
	_ runner.Chainer       = (*Protocol)(nil)
	_ runner.Detacher      = (*Protocol)(nil)
	_ runner.SelectWarner  = (*Protocol)(nil)
	_ runner.JudgeProtocol = (*Protocol)(nil)
)

// internalSecrets are removed from every hook's environment
// (sanitizeChildEnv).
var internalSecrets = []string{"QWEN_SERVER_TOKEN", "QWEN_DAEMON_TOKEN", "QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN", "QWEN_CODE_PRIVATE_ACP_CAPABILITY"}

// hookEnv is every Qwen hook's environment for ev ([Protocol]).
func hookEnv(p *geminicore.Protocol, ev *runner.Event, base []string) []string {
	cwd := geminicore.CwdOf(ev)
	add := map[string]string{
		"GEMINI_PROJECT_DIR": cwd, "CLAUDE_PROJECT_DIR": cwd, "QWEN_PROJECT_DIR": cwd,
		"QWEN_CODE_AGENT_ID": "", "QWEN_CODE_PROMPT_ID": ev.PromptID,
	}
	if r, ok := p.Agent.ForNative(ev.Name); ok && !r.HasField("agent_id") {
		// The running agent's id: the payload's base agent_id (an event
		// whose own agent_id names the agent being started has none).
		add["QWEN_CODE_AGENT_ID"] = gjson.ParseBytes(extra(ev, "agent_id")).String()
	}
	if ev.SessionID != "" {
		add["QWEN_CODE_SESSION_ID"] = ev.SessionID
		add["QWEN_CODE_PROJECT_DIR"] = projectDir(ev, base)
	}
	model, identity := hookkit.EnvValue(base, "QWEN_CODE_MODEL"), hookkit.EnvValue(base, "QWEN_CODE_MODEL_IDENTITY")
	if head, _, _ := strings.Cut(identity, "@"); model == "" || head != model {
		identity = ""
	}
	add["QWEN_CODE_MODEL_IDENTITY"] = identity
	return hookkit.WithEnv(hookkit.WithoutEnv(base, internalSecrets...), add)
}

func extra(ev *runner.Event, k string) json.RawMessage { v, _ := ev.Extra.Get(k); return v }

// launchExpander is Qwen's load-time $VAR expansion with the engine's
// environment (a variable set to "" counts as unset).
func launchExpander(env []string) geminicore.Expander {
	return expander(func(k string) (string, bool) { v := hookkit.EnvValue(env, k); return v, v != "" }, nil)
}

// prepareHTTP applies Qwen's rules to an http hook's run: once, the URL
// checks, the headers.
func prepareHTTP(p *geminicore.Protocol, h *settings.Hook, ev *runner.Event, inv *runner.Invocation) error {
	if h.Once && !p.FirstRun(ev.SessionID+"\x00"+h.URL+"\x00"+string(ev.Name)) {
		return errOnce
	}
	if why := checkURL(h); why != "" {
		return fmt.Errorf("%s", why)
	}
	inv.Headers = interpolateHeaders(h.Headers, h.AllowedEnvVars, inv.Env)
	return nil
}

// argv runs a command as Qwen Code does: `bash -c` as written, or
// PowerShell with the project variables replaced.
func argv(_ *geminicore.Protocol, h *settings.Hook, ev *runner.Event, cmd string, _ []string) []string {
	if h.Shell == "powershell" {
		cwd := geminicore.CwdOf(ev)
		q := "'" + strings.ReplaceAll(cwd, "'", "''") + "'"
		if psPlainPath.Get().MatchString(cwd) {
			q = cwd
		}
		for _, re := range psProjectVars.Get() {
			cmd = re.ReplaceAllLiteralString(cmd, q)
		}
		return []string{"powershell", "-NoProfile", "-Command", cmd}
	}
	return []string{"bash", "-c", cmd}
}

var errOnce = errors.New("once: already ran for this url and event in the session")

// psPlainPath is a cwd PowerShell gets unquoted; psProjectVars match
// $GEMINI_PROJECT_DIR, $CLAUDE_PROJECT_DIR and $QWEN_PROJECT_DIR (in that
// order) as whole words, which a PowerShell hook's command has replaced
// by the project directory.
var (
	psPlainPath   = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[a-zA-Z0-9\-_.]+$`) }}
	psProjectVars = lazy.Value[[]*regexp.Regexp]{New: func() []*regexp.Regexp {
		var out []*regexp.Regexp
		for _, n := range []string{"GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "QWEN_PROJECT_DIR"} {
			out = append(out, regexp.MustCompile(`\$`+n+`\b`))
		}
		return out
	}}
)

// interpolateHeaders fills $VAR and ${VAR} of header values: names in
// allowed get their value, others "", and CR, LF and NUL are removed.
func interpolateHeaders(headers map[string]string, allowed, env []string) map[string]string {
	if len(headers) == 0 {
		return nil
	}
	out := hookkit.ExpandHeaders(headers, allowed, env, false)
	for k, v := range out {
		out[k] = strings.NewReplacer("\r", "", "\n", "", "\x00", "").Replace(v)
	}
	return out
}

// dedupKey is Qwen Code's identity of a hook in a plan (getHookKey):
// "<name>:<command>" when named, else the command (an http hook's URL, a
// prompt hook's prompt).
func dedupKey(h *settings.Hook) string {
	id := h.Command
	switch h.EffectiveType() {
	case settings.TypeHTTP:
		id = h.URL
	case settings.TypePrompt:
		id = h.Prompt
	default:
		if id == "" && len(h.Args) > 0 {
			id = strings.Join(h.Args, " ")
		}
	}
	if h.Name != "" {
		return h.Name + ":" + id
	}
	return id
}

// Detail is what the Qwen protocol records of one hook run; its Source is
// "stdout", "stderr", "http", "prompt" or "".
type Detail = geminicore.Detail

func timeoutText(d time.Duration) string { return fmt.Sprintf("Hook timed out after %gs", d.Seconds()) }

var ansiRE = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]`)
}}
var controlRE = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile("[\u0000-\u001f\u007f-\u009f]") }}

// stripAnsiAndControl removes terminal escapes and control characters.
func stripAnsiAndControl(s string) string {
	return controlRE.Get().ReplaceAllString(ansiRE.Get().ReplaceAllString(s, ""), "")
}

// readRun reads one finished run the way Qwen Code does
// (hookRunner.executeCommandHook; qwen-code §3.2 as recorded). A command:
// exit 2 reads stderr only — a JSON object is the output, other text
// {decision: deny, reason: text}, nothing no output (fail-open); any
// other exit reads stdout, else stderr: a JSON object (a JSON string
// holding one is parsed again) is the output whatever the code, text
// starting with "{" that is not JSON is a failure without output, other
// text is {decision: allow, reason: "Hook executed successfully",
// systemMessage: text} for exit 0 — additionalContext instead on
// SessionStart, UserPromptSubmit and UserPromptExpansion when it came
// from stdout — and {decision: allow, reason: "Non-blocking error: " +
// text, systemMessage: "Warning: " + text} for any other exit (a signal
// too). An http hook: a 2xx JSON response is the output (fields of the
// wrong type dropped, strings cut at 10 000 characters), other 2xx text a
// system message, anything else nothing. A prompt hook: the judge's
// answer (promptDecision).
func readRun(h *settings.Hook, r *geminicore.Row, res *runner.RunResult, d *geminicore.Detail) {
	switch {
	case h.EffectiveType() == settings.TypePrompt || h.EffectiveType() == settings.TypeAgent:
		d.Success = true
		d.Output, d.Source = promptDecision(geminicore.ToJSString(res.Stdout)), "prompt"
	case h.EffectiveType() == settings.TypeHTTP:
		d.Success = res.HTTPStatus >= 200 && res.HTTPStatus <= 299
		if d.Success {
			d.Output, d.Source = httpOutput(res, r), "http"
		} else {
			d.Error = fmt.Sprintf("HTTP hook returned %d", res.HTTPStatus)
		}
	default:
		d.Success = res.ExitCode == 0 && res.Signal == ""
		var bad bool
		d.Output, d.Source, bad = readOutput(res, r)
		if bad {
			d.Error = "Hook output is not valid JSON"
		}
	}
}

// blocksAlone reports whether one hook's output blocks its event.
func blocksAlone(r *geminicore.Row, o *geminicore.Output) bool {
	if r == nil {
		return false
	}
	if r.Block == geminicore.ToolBlocked {
		pd := permissionDecision(o)
		return pd == "deny" || pd == "ask"
	}
	d, _ := o.StringField("decision")
	return d == "block" || d == "deny"
}

// readOutput applies Qwen Code's output rule to a finished command.
func readOutput(res *runner.RunResult, r *geminicore.Row) (out *geminicore.Output, source string, bad bool) {
	exit2 := res.ExitCode == 2
	stdout := geminicore.TrimJS(geminicore.ToJSString(res.Stdout))
	text, source := stdout, "stdout"
	if exit2 || stdout == "" {
		text, source = geminicore.TrimJS(geminicore.ToJSString(res.Stderr)), "stderr"
	}
	if text == "" {
		return nil, "", false
	}
	var v any
	parseFailed := json.Unmarshal([]byte(text), &v) != nil
	raw := []byte(text)
	if !parseFailed {
		if s, ok := v.(string); ok {
			if json.Unmarshal([]byte(s), &v) != nil {
				parseFailed = true
			} else {
				raw = []byte(s)
			}
		}
	}
	if !parseFailed {
		if _, ok := v.(map[string]any); ok {
			return geminicore.NewOutput(raw), source, false
		}
	}
	if parseFailed && !exit2 && strings.HasPrefix(text, "{") {
		return nil, "", true
	}
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	switch {
	case exit2:
		o.Str("decision", "deny")
		o.Str("reason", text)
	case res.ExitCode == 0 && res.Signal == "":
		o.Str("decision", "allow")
		o.Str("reason", "Hook executed successfully")
		if source == "stdout" && r != nil && r.PlainContext {
			spec := jsonwire.NewObject(jsonwire.JSRoundTrip)
			spec.Str("hookEventName", r.Name)
			lines := strings.Split(text, "\n")
			for i, l := range lines {
				lines[i] = stripAnsiAndControl(l)
			}
			spec.Str("additionalContext", strings.Join(lines, "\n"))
			b, _ := spec.Bytes()
			o.Raw("hookSpecificOutput", b)
		} else {
			o.Str("systemMessage", text)
		}
	default:
		o.Str("decision", "allow")
		o.Str("reason", "Non-blocking error: "+text)
		o.Str("systemMessage", "Warning: "+text)
	}
	b, _ := o.Bytes()
	return geminicore.NewOutput(b), source, false
}

const maxHTTPText = geminicore.MaxText

// truncateText is Qwen's cap of http reply strings.
func truncateText(s string) string {
	rs := []rune(s)
	if len(rs) <= maxHTTPText {
		return s
	}
	return string(rs[:maxHTTPText]) + fmt.Sprintf("\n... [truncated, %d more characters]", len(rs)-maxHTTPText)
}

// httpOutput is parseResponse + normalizeOutput of a 2xx response.
func httpOutput(res *runner.RunResult, r *geminicore.Row) *geminicore.Output {
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	if strings.Contains(res.HTTPContentType, "application/json") {
		body := gjson.ParseBytes(res.Stdout)
		if !gjson.ValidBytes(res.Stdout) {
			o.Bool("continue", true)
			b, _ := o.Bytes()
			return geminicore.NewOutput(b)
		}
		if c := body.Get("continue"); c.IsBool() {
			o.Bool("continue", c.Bool())
		}
		if s := body.Get("stopReason"); s.Type == gjson.String {
			o.Str("stopReason", truncateText(s.Str))
		}
		if s := body.Get("suppressOutput"); s.IsBool() {
			o.Bool("suppressOutput", s.Bool())
		}
		if s := body.Get("systemMessage"); s.Type == gjson.String {
			o.Str("systemMessage", truncateText(s.Str))
		}
		if s := body.Get("decision"); s.Type == gjson.String {
			o.Str("decision", s.Str)
		}
		if s := body.Get("reason"); s.Type == gjson.String {
			o.Str("reason", truncateText(s.Str))
		}
		if hs := body.Get("hookSpecificOutput"); hs.IsObject() || hs.IsArray() {
			var f runner.Fields
			_ = f.UnmarshalJSON([]byte(hs.Raw))
			if c, ok := f.Get("additionalContext"); ok && gjson.ParseBytes(c).Type == gjson.String {
				f.Set("additionalContext", jsonwire.RawString(truncateText(gjson.ParseBytes(c).Str)))
			}
			if _, ok := f.Get("hookEventName"); !ok && r != nil {
				f.Set("hookEventName", jsonwire.RawString(r.Name))
			}
			b, _ := f.MarshalJSON()
			o.Raw("hookSpecificOutput", b)
		}
		b, _ := o.Bytes()
		return geminicore.NewOutput(b)
	}
	o.Bool("continue", true)
	if t := geminicore.TrimJS(geminicore.ToJSString(res.Stdout)); t != "" {
		o.Str("systemMessage", truncateText(t))
	}
	b, _ := o.Bytes()
	return geminicore.NewOutput(b)
}

var fenceRE = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile("(?s)```(?:json)?\\s*(.*?)\\s*```") }}

// promptDecision reads the answer of a prompt hook's model as Qwen Code
// does (promptHookRunner): the first ```json fence unwrapped, then
// {ok, reason?, additionalContext?}: ok false is {continue: false,
// stopReason: r, decision: "block", reason: r} (r defaults to "Blocked by
// prompt hook") with the context, ok true {continue: true, decision:
// "allow", reason} with the context; an answer that does not parse or
// fit is no output (the hook allows). A judge may also answer with a
// native reply ({decision, reason, continue, additional_context}), read
// as the same fields.
func promptDecision(answer string) *geminicore.Output {
	text := strings.TrimSpace(answer)
	if m := fenceRE.Get().FindStringSubmatch(text); m != nil {
		text = m[1]
	}
	r := gjson.Parse(text)
	if !gjson.Valid(text) || !r.IsObject() {
		return nil
	}
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	spec := jsonwire.NewObject(jsonwire.JSRoundTrip)
	if ctx := r.Get("additionalContext"); ctx.Exists() {
		if ctx.Type != gjson.String {
			return nil
		}
		spec.Str("additionalContext", ctx.Str)
	}
	if ok := r.Get("ok"); ok.Exists() {
		if !ok.IsBool() || (r.Get("reason").Exists() && r.Get("reason").Type != gjson.String) {
			return nil
		}
		reason := r.Get("reason").Str
		if !ok.Bool() {
			if reason == "" {
				reason = "Blocked by prompt hook"
			}
			o.Bool("continue", false)
			o.Str("stopReason", reason)
			o.Str("decision", "block")
			o.Str("reason", reason)
		} else {
			o.Bool("continue", true)
			o.Str("decision", "allow")
			if reason != "" {
				o.Str("reason", reason)
			}
		}
	} else {
		// A native reply from an embedding agent's judge.
		if d := r.Get("decision"); d.Type == gjson.String && d.Str != "" {
			o.Str("decision", d.Str)
		}
		if s := r.Get("reason"); s.Type == gjson.String && s.Str != "" {
			o.Str("reason", s.Str)
		}
		if c := r.Get("continue"); c.IsBool() {
			o.Bool("continue", c.Bool())
		}
		if s := r.Get("stop_reason"); s.Type == gjson.String && s.Str != "" {
			o.Str("stopReason", s.Str)
		}
		if c := r.Get("additional_context"); c.Type == gjson.String && c.Str != "" {
			spec.Str("additionalContext", c.Str)
		}
	}
	if spec.Len() > 0 {
		b, _ := spec.Bytes()
		o.Raw("hookSpecificOutput", b)
	}
	b, _ := o.Bytes()
	return geminicore.NewOutput(b)
}

// permissionDecision is PreToolUseHookOutput.getPermissionDecision:
// hookSpecificOutput.permissionDecision when allow, deny or ask, else the
// top-level decision (allow/approve → allow, deny/block → deny, ask).
func permissionDecision(o *geminicore.Output) string {
	if v, ok := o.Specific().Get("permissionDecision"); ok {
		if s := gjson.ParseBytes(v); s.Type == gjson.String && (s.Str == "allow" || s.Str == "deny" || s.Str == "ask") {
			return s.Str
		}
	}
	switch d, _ := o.StringField("decision"); d {
	case "allow", "approve":
		return "allow"
	case "deny", "block":
		return "deny"
	case "ask":
		return "ask"
	}
	return ""
}

// permissionReason is getPermissionDecisionReason: a string
// permissionDecisionReason, else the reason (when truthy).
func permissionReason(o *geminicore.Output) (string, bool) {
	if v, ok := o.Specific().Get("permissionDecisionReason"); ok {
		if s := gjson.ParseBytes(v); s.Type == gjson.String {
			return s.Str, s.Str != ""
		}
	}
	return o.Text("reason")
}

// eventVerdict is what Qwen Code does with the merged output of one event.
type eventVerdict struct {
	// Blocked: the event's block effect applies (the row's Block or Stop
	// column); Reason is the text it uses.
	Blocked bool
	Reason  string
	// Asks (PreToolUse): an ask, which a headless run turns into a deny
	// with Reason.
	Asks bool
	// Allowed (PermissionRequest): the call runs without asking,
	// UpdatedInput (Qwen's argument names) replacing its input.
	Allowed      bool
	UpdatedInput json.RawMessage
	// Context is the raw additionalContext where the event uses it.
	Context string
	// SystemMessage is shown unless suppressed (never in headless runs).
	SystemMessage string
}

// verdict applies the row's rules to a merged output m (nil: none).
func verdict(r *geminicore.Row, ev *runner.Event, m *geminicore.Output) eventVerdict {
	var v eventVerdict
	if m == nil || r.Merge == geminicore.MergeNone {
		return v
	}
	dec, _ := m.StringField("decision")
	switch r.Block {
	case geminicore.ToolBlocked:
		switch permissionDecision(m) {
		case "deny":
			v.Blocked = true
			if s, ok := permissionReason(m); ok {
				v.Reason = s
			} else {
				v.Reason = geminicore.EffectiveReason(m)
			}
		case "ask":
			v.Blocked, v.Asks = true, true
			v.Reason = "User confirmation required"
			if s, ok := permissionReason(m); ok {
				v.Reason = s
			}
		default:
			if m.ContinueFalse() {
				v.Blocked, v.Reason = true, geminicore.EffectiveReason(m)
			}
		}
	case geminicore.Permission:
		d := gjson.GetBytes(mustJSON(m.Specific()), "decision")
		switch d.Get("behavior").String() {
		case "deny":
			v.Blocked, v.Reason = true, d.Get("message").String()
		case "allow":
			v.Allowed = true
			if u := d.Get("updatedInput"); u.IsObject() {
				v.UpdatedInput = json.RawMessage(u.Raw)
			}
		}
	case geminicore.TodoBlocked:
		phase := gjson.ParseBytes(extra(ev, "phase")).String()
		if dec == "block" && phase != "postWrite" {
			v.Blocked = true
			v.Reason, _ = m.Text("reason")
		}
	case geminicore.Ignored:
		if r.Stop == geminicore.ResultReplaced && m.ContinueFalse() {
			v.Blocked, v.Reason = true, geminicore.EffectiveReason(m)
		}
	default:
		if dec == "block" || dec == "deny" || (r.Stop != geminicore.Ignored && m.ContinueFalse()) {
			v.Blocked, v.Reason = true, geminicore.EffectiveReason(m)
		}
	}
	if r.Context != geminicore.NoContext {
		if c, ok := geminicore.SpecificString(m, "additionalContext"); ok {
			v.Context = c
		}
	}
	if sm, ok := m.Text("systemMessage"); ok && !m.Truthy("suppressOutput") {
		v.SystemMessage = sm
	}
	return v
}

func mustJSON(f runner.Fields) []byte {
	b, _ := f.MarshalJSON()
	if b == nil {
		return []byte("{}")
	}
	return b
}

// nativeReply is the verdict in native reply terms: a PreToolUse deny
// (also an ask or continue:false, which Qwen turns into a refused call
// while the agent goes on) is deny with the reason; a UserPromptSubmit,
// Stop, PostToolBatch or Todo block is block; PostToolUse's
// continue:false replaces the result (updated_result, the reason); a
// PermissionRequest allow or deny with its updatedInput; the raw context
// where Qwen uses it; the system message unless suppressed.
func nativeReply(p *geminicore.Protocol, r *geminicore.Row, ev *runner.Event, m *geminicore.Output) runner.Reply {
	v := verdict(r, ev, m)
	var rep runner.Reply
	switch {
	case v.Allowed:
		rep.Decision = runner.DecisionAllow
		if v.UpdatedInput != nil {
			rep.UpdatedArgs = p.Vocab.Args(Dialect, translate.Native, p.Vocab.Name(translate.Native, Dialect, ev.Tool), v.UpdatedInput)
		}
	case v.Blocked && r.Block == geminicore.ToolBlocked && v.Asks:
		rep.Decision, rep.Reason = runner.DecisionAsk, v.Reason
	case v.Blocked && (r.Block == geminicore.ToolBlocked || r.Block == geminicore.Permission):
		rep.Decision, rep.Reason = runner.DecisionDeny, v.Reason
	case v.Blocked && r.Block == geminicore.Ignored:
		b, _ := json.Marshal(v.Reason)
		rep.UpdatedResult, rep.Reason = b, v.Reason
	case v.Blocked:
		rep.Decision, rep.Reason = runner.DecisionBlock, v.Reason
	}
	rep.AdditionalContext = v.Context
	rep.SystemMessage = v.SystemMessage
	return rep
}

// JudgePrompt is the text Qwen Code sends the model for a prompt hook
// (qwen §3.4): the hook's prompt with every $ARGUMENTS replaced by the
// event's hook input as JSON indented by two spaces. A prompt without
// $ARGUMENTS is sent as written (the model does not see the event).
func (*Protocol) JudgePrompt(h *settings.Hook, _ *runner.Event, arguments []byte) string {
	var ind bytes.Buffer
	if err := json.Indent(&ind, arguments, "", "  "); err != nil {
		ind.Reset()
		ind.Write(arguments)
	}
	return strings.ReplaceAll(h.Prompt, "$ARGUMENTS", ind.String())
}

// ApplyVerdict turns a judge's verdict into the hook output Qwen Code
// makes of its model's answer (promptDecision): a block or deny is
// {ok: false, reason} — {continue: false, stopReason, decision: "block"}
// —, no decision is {ok: true} — {continue: true, decision: "allow"} —,
// an allow or ask verdict is that decision as written; the verdict's
// context is the hook's additionalContext.
func (p *Protocol) ApplyVerdict(h *settings.Hook, ev *runner.Event, v runner.Verdict) runner.HookReply {
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	switch v.Decision {
	case runner.DecisionBlock, runner.DecisionDeny:
		o.Bool("ok", false)
	case runner.DecisionNone:
		o.Bool("ok", true)
	default:
		o.Str("decision", string(v.Decision))
	}
	if v.Reason != "" {
		o.Str("reason", v.Reason)
	}
	if v.Context != "" {
		if v.Decision == runner.DecisionNone || v.Decision.Blocks() {
			o.Str("additionalContext", v.Context)
		} else {
			o.Str("additional_context", v.Context)
		}
	}
	answer, _ := o.Bytes()
	return p.Classify(h, ev, &runner.RunResult{ExitCode: 0, Stdout: answer})
}

// ParseAnswer reads a prompt hook's model answer as Qwen Code does (qwen
// §3.4), for an embedding agent's judge: the first ```json fence
// unwrapped, then {ok, reason?, additionalContext?}; ok false is a block
// with the reason. An answer that does not parse or fit is an error (Qwen
// Code lets the action go ahead; the engine reports the hook as failed,
// non-blocking).
func ParseAnswer(answer string) (runner.Verdict, error) {
	text := strings.TrimSpace(answer)
	if m := fenceRE.Get().FindStringSubmatch(text); m != nil {
		text = m[1]
	}
	r := gjson.Parse(text)
	ok, reason, ctx := r.Get("ok"), r.Get("reason"), r.Get("additionalContext")
	if !gjson.Valid(text) || !r.IsObject() || !ok.IsBool() ||
		(reason.Exists() && reason.Type != gjson.String) || (ctx.Exists() && ctx.Type != gjson.String) {
		return runner.Verdict{}, fmt.Errorf("qwen: the prompt hook's answer is not {ok, reason?, additionalContext?}: %.80q", answer)
	}
	v := runner.Verdict{Reason: reason.Str, Context: ctx.Str}
	if !ok.Bool() {
		v.Decision = runner.DecisionBlock
	}
	return v, nil
}
