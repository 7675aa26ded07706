package gemini

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Protocol is Gemini CLI's hook protocol (gemini-cli §4, §6; the
// recordings of 0.61.0 win where they differ), protocol "gemini" of an
// engine, on the core it shares with Qwen Code:
//   - Selects: the hook's Gemini matcher (toolMatches on tool events,
//     the exact trigger on SessionStart, SessionEnd and PreCompress); one
//     that cannot be evaluated selects, with a warning (SelectWarn);
//   - Encode: stdin = payloadBytes, the engine's whole environment (Gemini
//     CLI removes nothing) plus GEMINI_PROJECT_DIR, GEMINI_CWD and
//     CLAUDE_PROJECT_DIR (the payload's cwd), GEMINI_SESSION_ID and
//     GEMINI_PLANS_DIR;
//   - Prepare: `bash -c <command>` after expandCommand, in the payload's
//     cwd, the hook's env merged last (a hook converted from a Gemini file,
//     option expand_vars, gets Gemini's load-time $VAR expansion here);
//   - Schedule: parallel unless a group is "sequential" (then chained:
//     each hook sees the previous one's rewrite), identical hooks run once
//     (dedupKey);
//   - Classify and Combine: Gemini's output rules and merge (the event
//     table's columns).
//
// Its tool vocabulary is fixed at construction; it is safe for concurrent
// use.
type Protocol struct {
	*geminicore.Protocol
}

// NewProtocol returns the Gemini protocol translating tool and argument
// names with vocab (nil: translate.DefaultVocabulary).
func NewProtocol(vocab *translate.Vocabulary) *Protocol {
	return &Protocol{geminicore.NewProtocol(agent, vocab)}
}

var (
	_ runner.Protocol     = (*Protocol)(nil)
	_ runner.Chainer      = (*Protocol)(nil)
	_ runner.SelectWarner = (*Protocol)(nil)
	_ runner.Awaiter      = (*Protocol)(nil)
)

// Detail is what the Gemini protocol records of one hook run
// (runner.HookReply.Detail); its Source is "json", "text" or "".
type Detail = geminicore.Detail

// addedEnv are the variables Gemini CLI's hook runner adds to its own
// environment for every hook (hookRunner.executeCommandHook).
var addedEnv = []string{"GEMINI_PROJECT_DIR", "GEMINI_PLANS_DIR", "GEMINI_CWD", "GEMINI_SESSION_ID", "CLAUDE_PROJECT_DIR"}

// hookEnv is what every Gemini hook's environment is: the engine's, plus
// the variables Gemini CLI adds.
func hookEnv(_ *geminicore.Protocol, ev *runner.Event, base []string) []string {
	cwd := geminicore.CwdOf(ev)
	return hookkit.WithEnv(base, map[string]string{
		"GEMINI_PROJECT_DIR": cwd,
		"GEMINI_PLANS_DIR":   plansDir(ev, base),
		"GEMINI_CWD":         cwd,
		"GEMINI_SESSION_ID":  ev.SessionID,
		"CLAUDE_PROJECT_DIR": cwd,
	})
}

// argv runs a command as Gemini CLI does: `bash -c` after the run-time
// replacement of its variables (expandCommand).
func argv(_ *geminicore.Protocol, _ *settings.Hook, ev *runner.Event, cmd string, env []string) []string {
	cmd = expandCommand(cmd, geminicore.CwdOf(ev), hookkit.EnvValue(env, "GEMINI_PLANS_DIR"), ev.SessionID)
	return []string{"bash", "-c", cmd}
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

// expandCommand is Gemini CLI's run-time rewrite of a hook command
// (hookRunner.expandCommand): every $GEMINI_PROJECT_DIR, $GEMINI_CWD and
// $CLAUDE_PROJECT_DIR becomes the shell-quoted cwd, $GEMINI_PLANS_DIR the
// plans folder and $GEMINI_SESSION_ID the session id — by plain prefix
// match ($GEMINI_PROJECT_DIRX becomes <cwd>X), braces not included.
func expandCommand(cmd, cwd, plans, session string) string {
	if !strings.Contains(cmd, "$") {
		return cmd
	}
	qc, qp, qs := shellQuote(cwd), shellQuote(plans), shellQuote(session)
	for _, r := range []struct{ name, val string }{
		{"$GEMINI_PROJECT_DIR", qc}, {"$GEMINI_CWD", qc}, {"$GEMINI_PLANS_DIR", qp},
		{"$GEMINI_SESSION_ID", qs}, {"$CLAUDE_PROJECT_DIR", qc},
	} {
		cmd = strings.ReplaceAll(cmd, r.name, r.val)
	}
	return cmd
}

// shellQuote quotes one argument the way Gemini CLI does for bash
// (escapeShellArg: "" for an empty value, else shell-quote's quote):
// single quotes when it holds a double quote, white space or a backslash
// but no single quote; double quotes (with " \ $ ` ! escaped) when it
// holds a single quote or white space; otherwise the special characters
// backslash-escaped.
func shellQuote(s string) string {
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

// dedupKey is Gemini CLI's identity of a hook for deduplication
// (getHookKey): "<name>:<command>", the command left out for a plugin
// hook.
func dedupKey(h *settings.Hook) string {
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

func timeoutText(d time.Duration) string {
	return fmt.Sprintf("Hook timed out after %dms", d.Milliseconds())
}

// readRun is Gemini CLI's reading of a finished run
// (hookRunner.executeCommandHook, gemini-cli §4.2 as recorded): the text
// is the trimmed stdout, or the trimmed stderr when stdout is empty; JSON
// (a JSON string holding JSON is parsed again) that is an object or an
// array is the output whatever the exit code; a JSON primitive is no
// output at all; other text is {decision: allow, systemMessage: text} for
// exit 0 (or a signal), {decision: allow, systemMessage: "Warning: " +
// text} for exit 1 and {decision: deny, reason: text} for exit 2 and
// above. The run succeeded when it exited 0.
func readRun(_ *settings.Hook, _ *geminicore.Row, res *runner.RunResult, d *geminicore.Detail) {
	d.Success = res.ExitCode == 0 && res.Signal == ""
	d.Output, d.Source = readOutput(res)
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

// ownReply keeps, in one hook's reply, the decision its output names when
// the event does not act on it.
func ownReply(rep *runner.Reply, m *geminicore.Output) {
	if rep.Decision == runner.DecisionNone {
		if dec, ok := m.StringField("decision"); ok && dec != "" {
			rep.Decision = ownDecision(dec)
		}
	}
}

func blocking(o *geminicore.Output) bool {
	d, _ := o.StringField("decision")
	return d == "block" || d == "deny"
}

// readOutput applies Gemini CLI's output rule to a finished run.
func readOutput(res *runner.RunResult) (*geminicore.Output, string) {
	text := geminicore.TrimJS(geminicore.ToJSString(res.Stdout))
	if text == "" {
		text = geminicore.TrimJS(geminicore.ToJSString(res.Stderr))
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

// nativeReply says what Gemini CLI does with the merged output m of event
// r, in native reply terms: the decisions the event honours (Block, Ask,
// Stop), the effective reason (stopReason, else reason, else "No reason
// provided"), the raw additionalContext where the event uses it, a
// BeforeTool tool_input as updated args (it replaces the arguments; one
// the tool's validation refuses makes the call fail) and the system
// message unless suppressOutput.
func nativeReply(p *geminicore.Protocol, r *geminicore.Row, ev *runner.Event, m *geminicore.Output) runner.Reply {
	var rep runner.Reply
	dec, _ := m.StringField("decision")
	reason := geminicore.EffectiveReason(m)
	if m.ContinueFalse() && r.Stop != geminicore.Ignored {
		f := false
		rep.Continue = &f
		rep.StopReason = reason
	}
	switch {
	case (dec == "block" || dec == "deny") && r.Block != geminicore.Ignored:
		rep.Decision, rep.Reason = ownDecision(dec), reason
	case dec == "ask" && r.Ask:
		rep.Decision, rep.Reason = runner.DecisionAsk, reason
	case rep.Continue != nil:
		rep.Reason = reason
	}
	if r.Context != geminicore.NoContext {
		if c, ok := geminicore.SpecificString(m, "additionalContext"); ok {
			rep.AdditionalContext = c
		}
	}
	if r.Chain == geminicore.ChainToolInput && rep.Decision == runner.DecisionNone && rep.Continue == nil {
		if ti := geminicore.SpecificObject(m, "tool_input"); ti != nil {
			tool := toolName(p.Vocab, ev.Tool)
			msg := validateParams(tool, ti)
			if msg == "" {
				msg = pathError(ev, tool, ti)
			}
			if msg != "" {
				// The tool rejects the new arguments: the call fails.
				rep.Decision, rep.Reason = runner.DecisionDeny, textInvalidParams+msg
			} else {
				rep.UpdatedArgs = p.Vocab.Args(Dialect, translate.Native, tool, ti)
			}
		}
	}
	if sm, ok := m.Text("systemMessage"); ok && !m.Truthy("suppressOutput") {
		rep.SystemMessage = sm
	}
	return rep
}
