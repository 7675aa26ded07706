package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Warning codes of the codex target.
const (
	// CodeNotForCodex marks a hook Codex cannot run (an event it does not
	// have, a tool it never calls); left out.
	CodeNotForCodex = "not-for-codex"
	// CodeDiffersInCodex marks a hook that runs under Codex but whose
	// effect there differs from its home agent's.
	CodeDiffersInCodex = "differs-in-codex"
	// CodeReviewNeeded: Codex runs the written hooks only once reviewed.
	CodeReviewNeeded = "codex-review-needed"
)

// target writes a Codex hooks.json ("convert --target codex").
type target struct{}

func (target) Name() string { return Name }

// claudeToolsCodex maps Claude tool names a matcher may name to the Codex
// names that select the same calls; "" for tools Codex never calls.
var claudeToolsCodex = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"Bash": "Bash", "Edit": "Edit", "Write": "Write", "MultiEdit": "apply_patch", "NotebookEdit": "apply_patch",
		"Read": "", "Glob": "", "Grep": "", "LS": "", "WebFetch": "", "WebSearch": "", "TodoWrite": "",
		"Task": "spawn_agent", "Agent": "spawn_agent", "AskUserQuestion": "request_user_input",
		"Skill": "", "ExitPlanMode": "", "PowerShell": "", "NotebookRead": "",
	}
}}

// Write encodes cfg as a Codex hooks.json (codex-format §8.1): Codex
// hooks are written back as they are (matcher, command, timeout in whole
// seconds); every other format's command and http hook becomes a command
// calling the exec shim with Codex as its host (`<shim> exec --host codex
// --protocol <fmt> --event <Event> … -- '<command>'`), under the Codex
// event that runs it and a Codex matcher that selects the same calls
// where one exists (the shim re-applies the original matcher, so a Codex
// matcher that selects more only costs a run). Timeouts are integers of
// seconds, rounded up, with the hook's own default made explicit; the
// shim stops the hook a little earlier and answers itself. What Codex
// cannot express is a warning: events it lacks, tools it never calls,
// fail-closed and async semantics, and what the shim must drop from the
// hook's reply. Codex's statusMessage is carried. With opts.Existing (a
// hooks.json or, by opts.Path's name, a config.toml), only the converted
// groups of that file change ([writeInPlace]); a config.toml without
// Existing gets the same hooks as [hooks] tables.
func (target) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	shim := opts.Shim
	if shim == "" {
		shim = "hookcompat"
	}
	type handlerOut struct {
		Type    string `json:"type"`
		Command string `json:"command"`
		Timeout uint64 `json:"timeout"`
		Async   bool   `json:"async,omitempty"`
		// StatusMessage is Codex's own field (codex §2), carried for
		// Codex's and other formats' hooks alike.
		StatusMessage string `json:"statusMessage,omitempty"`
	}
	type groupOut struct {
		Matcher *string      `json:"matcher,omitempty"`
		Hooks   []handlerOut `json:"hooks"`
	}
	byEvent := map[string][]groupOut{}
	out := &format.Output{}
	warn := func(h *settings.Hook, code, msg string) {
		out.Warnings = append(out.Warnings, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: code, Message: msg})
	}
	warnedOnce := map[string]bool{}
	once := func(h *settings.Hook, key, code, msg string) {
		if !warnedOnce[key] {
			warnedOnce[key] = true
			warn(h, code, msg)
		}
	}
	seenCodex := map[string]bool{}
	for i := range cfg.Hooks {
		h := &cfg.Hooks[i]
		name := h.Source.Event
		if name == "" {
			name = string(h.Event)
		}
		if h.EffectiveProtocol() == Name {
			// A Codex hook written back as it is (its post_tool_failure
			// twin is the same handler).
			ev, ok := codexEventName(h.Event)
			if !ok || isAlias(h.Event) {
				continue
			}
			key := fmt.Sprintf("%s\x00%s\x00%d", h.Source.File, h.Source.Event, h.Source.Ordinal)
			if h.Source.Ordinal > 0 && seenCodex[key] {
				continue
			}
			seenCodex[key] = true
			g := groupOut{Hooks: []handlerOut{{Type: "command", Command: h.Command, Timeout: roundUpSeconds(effectiveTimeout(h, nil)), Async: h.Async, StatusMessage: h.StatusMessage}}}
			if h.Match != "" {
				m := h.Match
				g.Matcher = &m
			}
			byEvent[ev] = append(byEvent[ev], g)
			continue
		}
		evName, ok := codexEventName(h.Event)
		a := aliasOf(h.Event)
		if !ok && a != nil && h.EffectiveProtocol() != "native" {
			// A Claude PostToolUseFailure hook: Codex fires PostToolUse
			// for a failed shell command, and the shim runs the hook only
			// when the command failed (its exit code is not 0).
			evName, ok = a.codex, true
		}
		if !ok {
			warn(h, CodeNotForCodex, fmt.Sprintf("%s has no Codex event: the hook is left out (Codex 0.169.0 events: %s)", name, strings.Join(eventNames(), ", ")))
			continue
		}
		if t := h.EffectiveType(); t == settings.TypePrompt || t == settings.TypeAgent {
			article := "a"
			if t == settings.TypeAgent {
				article = "an"
			}
			warn(h, CodeNotForCodex, fmt.Sprintf("%s %s hook cannot run under Codex (it skips prompt and agent hooks); left out", article, t))
			continue
		}
		matcher, runs, dropped := codexMatcher(h)
		if runs && a != nil && evName == a.codex {
			matcher, runs, dropped = aliasMatcher(a, matcher, dropped)
			if runs {
				once(h, string(h.Event)+"\x00alias", CodeDiffersInCodex, fmt.Sprintf("%s under Codex: written as a Codex %s hook on %s that the shim runs only when the command failed (exit code not 0), with Claude Code's error (\"Exit code N\" and the output); Codex fires nothing for another tool's failure, so the hook never runs for one", name, a.codex, strings.Join(a.tools, "|")))
			}
		}
		if !runs && a != nil && evName == a.codex {
			warn(h, CodeNotForCodex, fmt.Sprintf("%s matcher %q names no tool whose failure Codex reports (it fires PostToolUse for a failed %s command only); left out", name, h.Match, strings.Join(a.tools, "|")))
			continue
		}
		if !runs {
			warn(h, CodeNotForCodex, fmt.Sprintf("%s matcher %q names only tools Codex never calls (Codex reads files with Bash and changes them with apply_patch); left out", name, h.Match))
			continue
		}
		if len(dropped) > 0 {
			warn(h, CodeDiffersInCodex, fmt.Sprintf("%s matcher %q: %s names a tool Codex never calls (Codex reads files with Bash and changes them with apply_patch), so that alternative is dropped: the hook runs for %s only, and a call its own agent would make with %s reaches it, if at all, as another tool",
				name, h.Match, strings.Join(dropped, ", "), matcher, strings.Join(dropped, " or ")))
		}
		shimMatch, ok := format.ShimMatcherOf(h)
		if !ok {
			warn(h, CodeNotForCodex, fmt.Sprintf("%s: the native glob %q has wildcards the shim cannot apply in %s's matcher syntax; left out (match one tool, or set match_syntax)", name, h.Match, h.EffectiveProtocol()))
			continue
		}
		spec, err := format.SpecOf(h, shimMatch)
		if err != nil {
			warn(h, CodeNotForCodex, err.Error()+"; left out")
			continue
		}
		spec.Host = Name
		row, _ := rowFor(h.Event)
		timeout := h.Timeout
		if timeout <= 0 {
			timeout = settings.DefaultTimeout
		}
		if row.TimeoutCap > 0 && timeout > row.TimeoutCap {
			// What Codex runs: it clamps the timeout (and says so at
			// every start); the shim stops the hook first.
			once(h, row.Codex+"\x00cap", CodeDiffersInCodex, fmt.Sprintf("%s under Codex: Codex gives a %s hook at most %s, so timeouts over it are written as %s (the hook is stopped then, where its own agent would wait up to its timeout)",
				name, evName, formatTimeout(row.TimeoutCap), formatTimeout(row.TimeoutCap)))
			timeout = row.TimeoutCap
		}
		spec.Timeout = timeout
		async := h.Async
		if async && row.Sync {
			once(h, row.Codex+"\x00sync", CodeDiffersInCodex, fmt.Sprintf("%s under Codex: Codex runs %s hooks synchronously, so async is not written (the session's end waits for the hook, at most %s)", name, evName, formatTimeout(effectiveTimeout(h, row))))
			async, spec.Async = false, false
		}
		cmd := format.ShimLine(format.ShimArgs(shim, spec), false)
		g := groupOut{Hooks: []handlerOut{{Type: "command", Command: cmd, Timeout: roundUpSeconds(timeout), StatusMessage: h.StatusMessage}}}
		if matcher != "" {
			m := matcher
			g.Matcher = &m
		}
		if async {
			g.Hooks[0].Async = true
			warn(h, CodeDiffersInCodex, "async: Codex starts the hook and ignores its reply (a context it returns never reaches the model)")
		}
		if h.FailClosed {
			warn(h, CodeDiffersInCodex, "fail_closed: Codex has none; the shim answers deny itself when the hook fails or times out before Codex's timeout")
		}
		if row.ConvertNote != "" {
			n := len(out.Warnings)
			once(h, row.Codex, CodeDiffersInCodex, row.ConvertNote)
			if len(out.Warnings) > n {
				out.Warnings[n].Class = translate.ClassNote // about some replies only
			}
		}
		byEvent[evName] = append(byEvent[evName], g)
		out.Wrapped++
	}
	if out.Wrapped > 0 || len(seenCodex) > 0 {
		out.Warnings = append(out.Warnings, translate.Warning{File: opts.OutputName(), Code: CodeReviewNeeded,
			Message: "Codex loads a project's .codex/ hooks only in a trusted project (trust the folder when Codex asks: trust_level = \"trusted\" for it in ~/.codex/config.toml), and runs each new or changed hook only once reviewed in its /hooks; --dangerously-bypass-hook-trust skips the review"})
	}
	// Events in Codex's order.
	var b bytes.Buffer
	b.WriteString("{\n  \"hooks\": {")
	first := true
	for _, ev := range eventNames() {
		gs, ok := byEvent[ev]
		if !ok {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		var data bytes.Buffer
		enc := json.NewEncoder(&data)
		enc.SetEscapeHTML(false) // commands as typed: '>' and '&', not \u003e and \u0026
		enc.SetIndent("    ", "  ")
		if err := enc.Encode(gs); err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "\n    %q: %s", ev, bytes.TrimRight(data.Bytes(), "\n"))
	}
	if !first {
		b.WriteString("\n  ")
	}
	b.WriteString("}\n}\n")
	data := b.Bytes()
	if opts.Existing != nil || isTOML(opts.Path) {
		merged, warns, err := writeInPlace(data, opts)
		if err != nil {
			return nil, err
		}
		data = merged
		out.Warnings = append(out.Warnings, warns...)
	}
	out.Data = data
	return out, nil
}

// codexMatcher is the Codex matcher that selects the calls of h's matcher
// ("" = every call), whether any call Codex makes can match, and the
// alternatives of a name list that name tools Codex never calls (left
// out of the Codex matcher).
func codexMatcher(h *settings.Hook) (string, bool, []string) {
	m := h.Match
	if m == "" || m == "*" {
		return "", true, nil
	}
	if row, ok := rowFor(h.Event); !ok || row.Match != matchTool {
		if compileMatcher(m).Err() != nil {
			return "", true, nil // the shim applies it
		}
		return m, true, nil
	}
	switch h.EffectiveMatchSyntax() {
	case settings.MatchGlob, settings.MatchExact:
		// Native tool names: Codex's where they have one; a glob with
		// wildcards is left to the shim.
		if strings.ContainsAny(m, `*?[\`) {
			return "", true, nil
		}
		switch m {
		case "edit", "write", "multi_edit", "notebook_edit":
			return "apply_patch", true, nil
		case "read", "glob", "grep", "web_fetch", "web_search", "todo_write", "skill", "exit_plan_mode", "powershell":
			return "", false, nil
		}
		return translate.DefaultVocabulary.Name(translate.Native, Dialect, m), true, nil
	}
	if h.EffectiveMatchSyntax() == claudeName && isClaudeNameList(m) {
		var names, dropped []string
		seen := map[string]bool{}
		for _, n := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
			n = strings.TrimSpace(n)
			c, known := claudeToolsCodex.Get()[n]
			if !known {
				c = n // MCP and other tool names are the same
			}
			if c == "" {
				dropped = append(dropped, n)
			}
			if c != "" && !seen[c] {
				seen[c] = true
				names = append(names, c)
			}
		}
		if len(names) == 0 {
			return "", false, nil
		}
		return strings.Join(names, "|"), true, dropped
	}
	if h.EffectiveMatchSyntax() != Name {
		// Another agent's matcher names that agent's tools (Gemini's
		// run_shell_command): the shim applies it to every call.
		return "", true, nil
	}
	if compileMatcher(m).Err() != nil {
		return "", true, nil // Rust rejects it: select every call, the shim matches
	}
	return m, true, nil
}

// aliasMatcher narrows the Codex matcher of a hook on alias a's event to
// the tools Codex fires it for (a.tools); the other alternatives join
// dropped. runs is false when no alternative is left.
func aliasMatcher(a *alias, matcher string, dropped []string) (string, bool, []string) {
	if matcher == "" {
		return strings.Join(a.tools, "|"), true, dropped
	}
	var keep []string
	for _, n := range strings.Split(matcher, "|") {
		if has(a.tools, n) {
			keep = append(keep, n)
		} else {
			dropped = append(dropped, n)
		}
	}
	if len(keep) == 0 {
		return "", false, dropped
	}
	return strings.Join(keep, "|"), true, dropped
}

func isClaudeNameList(m string) bool {
	for _, c := range m {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '|', c == ' ', c == '-', c == ',':
		default:
			return false
		}
	}
	return true
}
