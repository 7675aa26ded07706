package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Format is the OpenAI Codex CLI format, registered as "codex": hooks.json
// files and [hooks] tables of config.toml at every Codex config layer,
// Codex's runtime protocol, its model view (`--render codex`), its lints,
// its exec shim and the conversion target "codex" (a hooks.json whose
// commands run other formats' hooks through the shim, with Codex as the
// shim's host).
var Format format.Format = codexFormat{}

func init() {
	format.Register(Format)
	format.RegisterTarget(target{})
}

type codexFormat struct{}

func (codexFormat) Name() string { return Name }

func (codexFormat) Info() format.Info {
	return format.Info{
		Title:       "OpenAI Codex",
		Version:     RenderVersion,
		Flag:        "codex",
		FlagUsage:   "Codex hooks.json or config.toml with [hooks] (repeatable)",
		Order:       20,
		BrokenCodes: []string{CodeInvalidFile},
		DropCodes:   []string{CodeInvalidMatcher, CodeSkippedHandler, translate.CodeUnknownEvent},
	}
}

// Detect recognises a hooks.json inside a .codex folder (or Codex's home)
// and a TOML file with a [hooks] table of Codex events (config.toml,
// requirements.toml, managed_config.toml).
func (codexFormat) Detect(path string, data []byte) bool {
	if data == nil {
		return false
	}
	base := filepath.Base(path)
	if strings.HasSuffix(base, ".json") {
		abs, _ := filepath.Abs(path)
		return inDir(path, ".codex") || (base == "hooks.json" && strings.HasSuffix(filepath.Dir(abs), SystemDir)) || ownToolMatcher(data)
	}
	var doc map[string]any
	if toml.Unmarshal(data, &doc) != nil {
		return false
	}
	hooks, ok := doc["hooks"].(map[string]any)
	if !ok {
		return false
	}
	for k := range hooks {
		if _, known := events.Get().byCodex[k]; known || k == "state" {
			return true
		}
	}
	return false
}

// ownToolMatcher reports whether a hooks.json's group matcher names a
// tool by Codex's own name that no agent with files of this shape
// spells so (apply_patch, spawn_agent, request_user_input: lower case,
// where Claude Code's names are capitalised). Read as Claude Code's,
// such a guard could never fire; so a file outside .codex with one is
// also Codex's, and content decides (a format-detected note names the
// other reading).
func ownToolMatcher(data []byte) bool {
	found := false
	gjson.GetBytes(data, "hooks").ForEach(func(_, groups gjson.Result) bool {
		groups.ForEach(func(_, g gjson.Result) bool {
			for _, w := range matcherWords.Get().FindAllString(g.Get("matcher").String(), -1) {
				if w[0] < 'a' || w[0] > 'z' {
					continue
				}
				if t, ok := translate.DefaultVocabulary.Lookup(Dialect, w); ok && t.Name(Dialect) == w {
					found = true
				}
			}
			return !found
		})
		return !found
	})
	return found
}

// matcherWords are the names a matcher's text is made of.
var matcherWords = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`[A-Za-z0-9_]+`) }}

func inDir(path, dir string) bool {
	abs, _ := filepath.Abs(path)
	for _, el := range strings.Split(filepath.ToSlash(filepath.Dir(abs)), "/") {
		if el == dir {
			return true
		}
	}
	return false
}

// Discover returns Codex's sources that exist, layer by layer (codex
// §1.1): /etc/codex/requirements.toml, /etc/codex/{hooks.json,config.toml},
// $CODEX_HOME/{hooks.json,config.toml}, /etc/codex/managed_config.toml and
// <dir>/.codex/{hooks.json,config.toml} from the project root (the git
// root, else the project) down to the project. System paths go through
// env.System.
func (codexFormat) Discover(env *format.Env) format.Discovery { return discover(env) }

// Load reads Codex sources across layers with Codex's switches and trust
// (see [load]).
func (codexFormat) Load(srcs []format.Source, env *format.Env) (*format.Result, error) {
	return load(srcs, env)
}

// Translate reads one hooks.json or config.toml for convert, without the
// cross-layer rules of Load. A hooks.json Codex would reject is an error.
func (codexFormat) Translate(src translate.Source) (*settings.Config, []translate.Warning, error) {
	dec, err := decodeFile(src.Path, src.Data)
	if err != nil {
		return nil, nil, sourceError(src.Path, err)
	}
	scope := src.Scope
	if scope == "" {
		scope = ScopeCLI
	}
	ordinal := 0
	cfg, warns := translateDecoded(dec, scope, &ordinal, dec.state, false)
	var notes []translate.Warning
	for _, n := range dec.notes {
		notes = append(notes, translate.Warning{File: src.Path, Line: n.line, Col: n.col, Code: n.code, Message: n.msg})
	}
	if dec.features != nil && !*dec.features {
		notes = append(notes, translate.Warning{File: src.Path, Code: CodeNotLoaded,
			Message: "[features] hooks is false: Codex runs no hook (convert keeps them)"})
	}
	if !dec.hasHooks && isTOML(src.Path) {
		notes = append(notes, translate.Warning{File: src.Path, Code: translate.CodeNoHooks, Message: "no [hooks] table: the file defines no hooks"})
	}
	return cfg, append(notes, warns...), nil
}

func (codexFormat) Protocol(vocab *translate.Vocabulary) runner.Protocol { return NewProtocol(vocab) }

// Render is [Protocol.Render]: a *[Rendering].
func (codexFormat) Render(out *runner.Outcome, vocab *translate.Vocabulary) any {
	r := NewProtocol(vocab).Render(out)
	return &r
}

// ReadEvent reads a Codex hook payload with score 2, above Claude Code's
// 1: it names a Codex event and has turn_id (every event but SessionStart
// and SessionEnd), or a null transcript_path (a session without a
// transcript; Claude always writes a path) or a transcript path that is
// a Codex rollout file (SessionEnd has Claude's keys, not its path), or is
// a SessionStart whose model comes before source (Claude writes source
// first). A SessionEnd payload with another transcript path is Claude's
// shape; it scores 0 here.
func (codexFormat) ReadEvent(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, int, error) {
	var fields runner.Fields
	if json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &fields) != nil {
		return runner.Event{}, 0, nil
	}
	name, ok := fields.Get("hook_event_name")
	if !ok {
		return runner.Event{}, 0, nil
	}
	var ev string
	if json.Unmarshal(name, &ev) != nil {
		return runner.Event{}, 0, nil
	}
	row, known := events.Get().byCodex[ev]
	if !known {
		return runner.Event{}, 0, nil
	}
	_, codex := fields.Get("turn_id")
	switch row.Sign {
	case signName:
		codex = true
	case signModelFirst:
		model, src := -1, -1
		for i, f := range fields {
			switch f.Key {
			case "model":
				model = i
			case "source":
				src = i
			}
		}
		codex = codex || (model >= 0 && src > model)
	}
	// A null transcript_path is a Codex session without a transcript
	// (codex §2.2: string or null); Claude Code always writes a path.
	tp, _ := fields.Get("transcript_path")
	if string(bytes.TrimSpace(tp)) == "null" || rolloutPath(tp) {
		codex = true
	}
	if !codex {
		return runner.Event{}, 0, nil
	}
	e, err := NewProtocol(vocab).FromPayload(data, workspace)
	return e, 2, err
}

// rolloutPath reports whether a payload's transcript_path (a JSON
// value) names a Codex rollout file, $CODEX_HOME/sessions/YYYY/MM/DD/
// rollout-<time>-<session id>.jsonl (recorded on every Codex 0.169.0
// event, SessionEnd's included); Claude Code's transcript is
// ~/.claude/projects/<project>/<session id>.jsonl.
func rolloutPath(v json.RawMessage) bool {
	var p string
	if json.Unmarshal(v, &p) != nil {
		return false
	}
	base := path.Base(strings.ReplaceAll(p, "\\", "/"))
	return strings.HasPrefix(base, "rollout-") && strings.HasSuffix(base, ".jsonl") && strings.Contains(p, "sessions")
}

// ShimEvent names e as Codex does (PreToolUse for pre_tool, PostToolUse
// for post_tool_failure, whose hooks are PostToolUse's).
func (codexFormat) ShimEvent(e settings.Event) (string, bool) {
	row, ok := rowFor(e)
	if !ok {
		return "", false
	}
	return row.Codex, true
}

// ShimHook builds the Codex hook a shim command line runs: --event is a
// Codex event name, the timeout defaults to 600 s, --matcher is a Codex
// matcher.
func (codexFormat) ShimHook(s *format.ShimSpec) (*settings.Hook, error) {
	native, ok := nativeEventOf(s.Event)
	if !ok {
		return nil, fmt.Errorf("%w: --event %q is not a Codex event (Codex events: %s)%s", format.ErrShimUsage, s.Event, strings.Join(eventNames(), ", "), hookkit.DidYouMean(s.Event, eventNames()))
	}
	h := &settings.Hook{Event: native, Protocol: Name, Timeout: DefaultTimeout,
		Source: settings.Source{File: "flags", Format: Name, Event: s.Event}}
	s.ApplyTo(h)
	if s.Matcher != "" {
		h.Match, h.MatchSyntax = s.Matcher, Name
	}
	return h, nil
}

// ShimMatch returns the native globs of an exact Codex matcher on a tool
// event (Bash → shell; apply_patch, Edit and Write → edit, write and
// multi_edit), with nothing left for the shim; a regex, and every matcher
// of another event, is left to the shim.
func (codexFormat) ShimMatch(h *settings.Hook, vocab *translate.Vocabulary) ([]string, string) {
	if h.Match == "" || h.Match == "*" {
		return []string{""}, ""
	}
	if row, ok := rowFor(h.Event); !ok || row.Match != matchTool || h.EffectiveMatchSyntax() != Name {
		return []string{""}, h.Match
	}
	m := compileMatcher(h.Match)
	if m.IsRegex() || m.Err() != nil {
		return []string{""}, h.Match
	}
	seen := map[string]bool{}
	var globs []string
	add := func(n string) {
		g := globEscape(n)
		if !seen[g] {
			seen[g] = true
			globs = append(globs, g)
		}
	}
	for _, n := range m.Names() {
		switch n {
		case "":
		case "apply_patch", "Edit", "Write":
			add("edit")
			add("write")
			add("multi_edit")
		default:
			add(vocab.Name(Dialect, translate.Native, n))
		}
	}
	if len(globs) == 0 {
		// "|" matches nothing: a glob no tool name has.
		return []string{"\x00"}, ""
	}
	sort.Strings(globs)
	return globs, ""
}

func globEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

var (
	_ format.Renderer    = codexFormat{}
	_ format.EventReader = codexFormat{}
	_ format.Shimmer     = codexFormat{}
	_ format.ShimMatcher = codexFormat{}
)
