package gemini

import (
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// target is the convert target "gemini": a Gemini CLI settings file
// (.gemini/settings.json) whose hooks call the exec shim, written whole
// or into an existing file (its hooks object replaced, every other byte
// kept, comments included).
type target struct{}

var _ format.InPlaceTarget = target{}

func (target) Name() string { return settings.ProtocolGemini }

// InPlace reports that the target writes into an existing settings file.
func (target) InPlace() bool { return true }

// Write writes cfg as Gemini CLI hooks: Gemini hooks as they are, every
// other hook as a BeforeTool/AfterTool/… handler calling
// `hookcompat exec --host gemini --protocol <fmt> --event <its event> …
// -- <command>`, named hc-<hash> (Gemini runs identical name:command
// hooks once), with a timeout in milliseconds 2 s above the hook's own
// (the shim stops the hook first). The command is quoted so that neither
// Gemini's load-time $VAR expansion nor its run-time $GEMINI_PROJECT_DIR
// replacement can touch it. A matcher naming tools exactly becomes an
// anchored Gemini regex (^(run_shell_command|write_file)$); any other is
// applied by the shim.
func (target) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	vocab := translate.DefaultVocabulary
	t := &geminicore.Target{
		Host:   settings.ProtocolGemini,
		Events: EventNames(),
		Event: func(e settings.Event) (string, bool) {
			r, ok := ForNative(e)
			if !ok {
				return "", false
			}
			return r.Name, true
		},
		Skip: func(h *settings.Hook) bool {
			r, ok := ForNative(h.Event)
			return h.EffectiveProtocol() == settings.ProtocolGemini && ok && r.Native != h.Event
		},
		Own: func(h *settings.Hook) (geminicore.Handler, bool) {
			r, ok := ForNative(h.Event)
			if !ok || h.Command == "" {
				return geminicore.Handler{}, false
			}
			return geminicore.Handler{Event: r.Name, Matcher: h.Match, Name: h.Name, Command: h.Command,
				Timeout: millis(h.EffectiveTimeout()), Env: h.Env, Sequential: h.Options["sequential"] == "true"}, true
		},
		ToolMatcher: func(native []string) (string, bool) {
			var names []string
			for _, n := range native {
				if strings.ContainsAny(n, `*?[\`) {
					return "", false
				}
				names = append(names, regexp.QuoteMeta(ToolName(vocab, n)))
			}
			return "^(" + strings.Join(names, "|") + ")$", true
		},
		Timeout: func(d time.Duration) int64 { return millis(d + geminicore.ShimMargin) },
		Notes:   notes,
	}
	return t.Write(cfg, opts)
}

// millis is a timeout in Gemini CLI's unit, within Node's timer range.
func millis(d time.Duration) int64 {
	ms := d.Milliseconds()
	if ms < 1 {
		ms = 1
	}
	if ms > maxTimerMS {
		ms = maxTimerMS
	}
	return ms
}

// notes are the differences Gemini CLI makes to a converted hook of
// event, whatever the hook replies (gemini-cli §5).
func notes(h *settings.Hook, event string) []string {
	switch event {
	case "AfterAgent":
		return []string{"Gemini CLI does not cap AfterAgent continuations: a hook that always blocks keeps the turn going"}
	case "PreCompress":
		return []string{"Gemini CLI fires PreCompress before every model request and ignores its decisions"}
	case "Notification":
		return []string{"Gemini CLI fires Notification only when a tool call waits for confirmation (ToolPermission)"}
	case "AfterTool":
		if h.Event == settings.PostTool {
			return []string{"a block on AfterTool replaces the tool's result with the bare reason in Gemini CLI"}
		}
	case "BeforeTool":
		if h.EffectiveProtocol() == settings.ProtocolClaude {
			return []string{"Gemini CLI ignores additionalContext on BeforeTool, and a headless run waits forever on an ask"}
		}
	}
	return nil
}
