package qwen

import (
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// target is the convert target "qwen": a Qwen Code settings file
// (.qwen/settings.json) whose hooks call the exec shim, written whole or
// into an existing file (its hooks object replaced, every other byte —
// comments and Qwen's own "$version" included — kept). Qwen Code itself
// rewrites a settings file without "$version": 4 on its first run, and
// resets a workspace file that does not parse (keeping a .corrupted copy):
// the target writes valid JSON and leaves "$version" alone.
type target struct{}

var _ format.InPlaceTarget = target{}

func (target) Name() string { return settings.ProtocolQwen }

// InPlace reports that the target writes into an existing settings file.
func (target) InPlace() bool { return true }

// Write writes cfg as Qwen Code hooks: Qwen hooks as they are, every other
// hook as a handler of the same (Claude) event calling `hookcompat exec
// --host qwen --protocol <fmt> --event <its event> … -- <command>`, named
// hc-<hash> (Qwen registers hooks by name), with a timeout 2 s above the
// hook's own in Qwen's mixed unit: seconds below 1000, otherwise written
// as milliseconds. A matcher naming tools exactly becomes an anchored Qwen
// regex of canonical names (^(edit|write_file)$); any other is applied by
// the shim. The command is quoted
// so that Qwen's load-time $VAR expansion cannot touch it.
func (target) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	vocab := translate.DefaultVocabulary
	t := &geminicore.Target{
		Host:   settings.ProtocolQwen,
		Events: EventNames(),
		Event: func(e settings.Event) (string, bool) {
			r, ok := ForNative(e)
			if !ok {
				return "", false
			}
			return r.Name, true
		},
		Own: func(h *settings.Hook) (geminicore.Handler, bool) {
			r, ok := ForNative(h.Event)
			if !ok || h.EffectiveType() != settings.TypeCommand || h.Command == "" {
				return geminicore.Handler{}, false
			}
			return geminicore.Handler{Event: r.Name, Matcher: h.Match, Name: h.Name, Command: h.Command,
				Timeout: qwenTimeout(h.EffectiveTimeout()), Env: h.Env, Sequential: h.Options["sequential"] == "true"}, true
		},
		ToolMatcher: func(native []string) (string, bool) {
			var names []string
			for _, n := range native {
				if strings.ContainsAny(n, `*?[\`) {
					return "", false
				}
				names = append(names, regexp.QuoteMeta(vocab.Name(translate.Native, Dialect, n)))
			}
			// Anchored: a list that names no tool exactly is tried by Qwen
			// as an unanchored regex, so "edit|write_file" would also
			// select notebook_edit.
			return "^(" + strings.Join(names, "|") + ")$", true
		},
		Timeout: func(d time.Duration) int64 { return qwenTimeout(d + geminicore.ShimMargin) },
		Notes:   notes,
	}
	return t.Write(cfg, opts)
}

// qwenTimeout writes a duration in Qwen Code's command timeout unit:
// whole seconds below 1000 s, else milliseconds (values of 1000 and more
// are milliseconds to Qwen).
func qwenTimeout(d time.Duration) int64 {
	s := int64((d + time.Second - 1) / time.Second)
	if s < 1 {
		s = 1
	}
	if s < 1000 {
		return s
	}
	return d.Milliseconds()
}

// notes are what Qwen Code does differently with a converted hook.
func notes(h *settings.Hook, event string) []string {
	switch event {
	case "PreToolUse":
		if h.EffectiveProtocol() == settings.ProtocolClaude {
			return []string{"Qwen Code ignores updatedInput and additionalContext on PreToolUse, and refuses a call whose hook asks (headless)"}
		}
	case "PostToolUse":
		return []string{"Qwen Code ignores a PostToolUse block; continue:false replaces the result with the reason"}
	case "Stop", "SubagentStop":
		return []string{"Qwen Code ends the turn after 8 blocks in a row (stopHookBlockingCap)"}
	}
	return nil
}
