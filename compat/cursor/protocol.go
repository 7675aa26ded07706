package cursor

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Protocol is Cursor's hook protocol (cursor §3…§8), protocol "cursor"
// of an engine. Its tool vocabulary is fixed at construction; it is safe
// for concurrent use.
type Protocol struct {
	vocab *translate.Vocabulary
}

// NewProtocol returns the Cursor protocol translating tool and argument
// names with vocab (nil means translate.DefaultVocabulary).
func NewProtocol(vocab *translate.Vocabulary) *Protocol {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	return &Protocol{vocab: vocab}
}

var (
	_ runner.Protocol  = (*Protocol)(nil)
	_ runner.Validator = (*Protocol)(nil)
)

// Name returns "cursor".
func (*Protocol) Name() string { return Name }

// Subject is what the matcher of a hook of step s is compared with for
// ev (cursor §4), and whether the step has a match value at all.
func (p *Protocol) Subject(s *stepRow, ev *runner.Event) (string, bool) {
	switch s.Subject {
	case subjectTool:
		return p.CursorTool(ev.Tool), true
	case subjectCommand:
		return gjson.GetBytes(ev.Args, "command").String(), true
	case subjectMCP:
		_, tool := mcpParts(ev.Tool)
		return "MCP:" + tool, true
	case subjectFixed:
		return s.Fixed, true
	case subjectSubagent:
		return ev.Subagent, true
	}
	return "", false
}

// Selects reports whether h runs for ev (cursor §4, §8): ev is of the
// hook's step (a tool-specific step fires for its tools only), a stop or
// subagentStop hook has not used its loop_limit up (loop_count, or 1
// after a continuation when the event has none, reaches it), and the
// hook's matcher — a JavaScript regex, unanchored — matches the step's
// subject. Steps without a subject run every hook.
func (p *Protocol) Selects(h *settings.Hook, ev *runner.Event) bool {
	s := stepOf(h)
	if s == nil || s.Event != ev.Name {
		return false
	}
	if s.Specific() && !s.firesFor(p.CursorTool(ev.Tool), ev.Tool) {
		return false
	}
	if s.LoopLimit {
		if limit, ok := loopLimit(h); ok && loopCount(ev) >= limit {
			return false
		}
	}
	value, has := p.Subject(s, ev)
	if !has || h.Match == "" || h.Match == "*" {
		return true
	}
	if h.EffectiveMatchSyntax() != Name {
		return format.SelectsNative(p.vocab, h, ev)
	}
	return cachedMatcher(h.Match).Match(value)
}

// loopLimit is a stop or subagentStop hook's loop_limit, and false when
// it has none (null): DefaultLoopLimit unless its "loop_limit" option
// says otherwise.
func loopLimit(h *settings.Hook) (int, bool) {
	v, set := h.Options[OptionLoopLimit]
	switch {
	case !set:
		return DefaultLoopLimit, true
	case v == "null":
		return 0, false
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return DefaultLoopLimit, true
	}
	return n, true
}

// loopCount is the follow-ups already triggered: Cursor's loop_count, or
// 1 after a continuation of a native event.
func loopCount(ev *runner.Event) int {
	if v, ok := ev.Extra.Get("loop_count"); ok {
		return int(gjson.ParseBytes(v).Int())
	}
	if ev.StopHookActive {
		return 1
	}
	return 0
}

// stepsFor are the steps whose hooks can run for ev, generic first.
func (p *Protocol) stepsFor(ev *runner.Event) []*stepRow {
	var out []*stepRow
	for i := range stepTable {
		s := &stepTable[i]
		if s.Event == ev.Name && (!s.Specific() || s.firesFor(p.CursorTool(ev.Tool), ev.Tool)) {
			out = append(out, s)
		}
	}
	return out
}

// Encode builds what Cursor hooks get for ev: the payload of the event's
// generic step as stdin, the payloads of its tool-specific steps as
// variants (beforeShellExecution's for a shell call), and the
// environment: the engine's plus CURSOR_PROJECT_DIR and its alias
// CLAUDE_PROJECT_DIR (the workspace), CURSOR_VERSION, and
// CURSOR_USER_EMAIL and CURSOR_TRANSCRIPT_PATH when known (cursor §6).
func (p *Protocol) Encode(ev *runner.Event, base []string) (*runner.Payload, error) {
	pl := &runner.Payload{}
	for i, s := range p.stepsFor(ev) {
		b, err := p.payload(s, ev)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			pl.Stdin = b
			continue
		}
		if pl.Variants == nil {
			pl.Variants = map[string][]byte{}
		}
		pl.Variants[s.Name] = b
	}
	version := DefaultCursorVersion
	if v, ok := ev.Extra.Get("cursor_version"); ok && gjson.ParseBytes(v).String() != "" {
		version = gjson.ParseBytes(v).String()
	}
	add := map[string]string{
		"CURSOR_PROJECT_DIR": ev.Workspace,
		"CLAUDE_PROJECT_DIR": ev.Workspace,
		"CURSOR_VERSION":     version,
	}
	if v, ok := ev.Extra.Get("user_email"); ok && gjson.ParseBytes(v).Type == gjson.String {
		add["CURSOR_USER_EMAIL"] = gjson.ParseBytes(v).String()
	}
	if ev.TranscriptPath != "" {
		add["CURSOR_TRANSCRIPT_PATH"] = ev.TranscriptPath
	}
	pl.Env = hookkit.WithEnv(base, add)
	return pl, nil
}

// Prepare builds one run of a Cursor hook: `/bin/sh -c <command>` (the
// command string as written), in the hook's directory (its scope's, see
// Load) or else the workspace (project hooks run in the project root,
// not in the event's cwd), with its step's payload on stdin and the
// environment of [Protocol.Encode] plus the hook's own variables (a
// plugin's CURSOR_PLUGIN_ROOT).
func (p *Protocol) Prepare(h *settings.Hook, ev *runner.Event, pl *runner.Payload) (*runner.Invocation, error) {
	s := stepOf(h)
	stdin := pl.Stdin
	if v, ok := pl.Variants[s.Name]; ok {
		stdin = v
	}
	env := pl.Env
	if len(h.Env) > 0 {
		env = hookkit.WithEnv(env, h.Env)
	}
	dir := h.Dir
	if dir == "" {
		dir = ev.Workspace
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		dir = ev.Workspace
	}
	timeout := h.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	inv := &runner.Invocation{Dir: dir, Env: env, Stdin: stdin, Timeout: timeout, URL: h.URL}
	switch {
	case h.EffectiveType() == settings.TypeHTTP:
		inv.Headers = hookkit.ExpandHeaders(h.Headers, h.AllowedEnvVars, inv.Env, false)
	case len(h.Args) > 0:
		inv.Argv = append([]string(nil), h.Args...)
	default:
		inv.Argv = []string{"/bin/sh", "-c", h.Command}
	}
	return inv, nil
}

// Schedule runs a step's hooks in parallel, every one of them (Cursor
// merges responses after all finish, cursor §5.3), and the steps of one
// native event in Cursor's order: a call's preToolUse hooks before its
// tool-specific before* hooks — which do not run once the call is denied
// and see the input preToolUse rewrote — and afterFileEdit (and the
// other tool-specific after* steps) before postToolUse.
func (*Protocol) Schedule(*runner.Event) runner.Schedule {
	return runner.Schedule{Parallel: true, Phase: func(h *settings.Hook) int {
		if s := stepOf(h); s != nil {
			return s.Phase
		}
		return 0
	}}
}

// Validate checks a Cursor hook given to an engine: its step option
// names a step of its event, its loop_limit is a positive integer or
// null, and its matcher compiles.
func (*Protocol) Validate(h *settings.Hook) error {
	if name, ok := h.Options[OptionStep]; ok {
		s := stepNamed(name)
		if s == nil {
			return fmt.Errorf("option step %q is not a Cursor step (known: %s)", name, strings.Join(stepNames(), ", "))
		}
		if s.Event != h.Event {
			return fmt.Errorf("option step %q is a step of %s, not %s", name, s.Event, h.Event)
		}
	} else if genericStep(h.Event) == nil {
		return fmt.Errorf("no Cursor step runs on event %s", h.Event)
	}
	if v, ok := h.Options[OptionLoopLimit]; ok && v != "null" {
		if n, err := strconv.Atoi(v); err != nil || n < 1 {
			return fmt.Errorf("option loop_limit %q: want a positive integer or null", v)
		}
	}
	if h.EffectiveMatchSyntax() == Name && h.Match != "" {
		return compileMatcher(h.Match).Err()
	}
	return nil
}
