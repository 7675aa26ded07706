package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/codex"
	// Every format, for the agents' sessions (package compat need not
	// import them).
	_ "github.com/hookcompat/hookcompat/compat/all"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/runner"
)

// serveConformance is hookcompat's implementation of the conformance
// kit's protocol (conformance/README.md): one session per start, read
// from in, effects written to out. It uses the public API only — load
// the session's hook sources as the agent discovers them (compat.Load),
// read each payload with the agent's format, fire it through an engine
// (compat.NewEngine) and turn the agent's rendering of the outcome
// (format.Renderer) into the kit's effect — so that what it passes is
// what an embedder of hookcompat gets.
func serveConformance(ctx context.Context, in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 1<<20)
	w := bufio.NewWriter(out)
	send := func(v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(b, '\n')); err != nil {
			return err
		}
		return w.Flush()
	}
	line, err := r.ReadBytes('\n')
	if err != nil && len(line) == 0 {
		return fmt.Errorf("conformance: no session message: %w", err)
	}
	var hello conformance.Hello
	if err := json.Unmarshal(line, &hello); err != nil {
		return fmt.Errorf("conformance: session message: %w", err)
	}
	ad, ok := adapters[hello.Agent]
	if !ok {
		return send(conformance.Ready{Type: "ready", Unsupported: fmt.Sprintf("hookcompat has no %s format", hello.Agent)})
	}
	// The agent's process environment is the launch's: files it writes
	// under $TMPDIR (a spilled hook output) go where the agent's went.
	if tmp := envOf(hello.Env, "TMPDIR"); tmp != "" {
		_ = os.MkdirAll(tmp, 0o755)
		os.Setenv("TMPDIR", tmp)
	}
	s := &adapterSession{hello: hello, ad: ad}
	s.loadErr = s.load()
	if err := send(conformance.Ready{Type: "ready"}); err != nil {
		return err
	}
	defer s.close()
	for {
		line, err := r.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			var ev conformance.EventMsg
			rep := conformance.Reply{Type: "reply"}
			if jerr := json.Unmarshal(line, &ev); jerr != nil {
				rep.Error = "not an event message: " + jerr.Error()
			} else {
				rep.ID = ev.ID
				rep.Effect, rep.Unsupported, rep.Error = s.fire(ctx, ev)
			}
			if err := send(rep); err != nil {
				return err
			}
		}
		if err != nil {
			return nil
		}
	}
}

// adapter is what differs between agents: how the agent finds its hooks,
// and how its rendering reads as the kit's effect.
type adapter struct {
	format string
	load   func(h *conformance.Hello) compat.Options
	effect func(ev *conformance.EventMsg, out *runner.Outcome, view gjson.Result) *conformance.Effect
}

var adapters = map[string]*adapter{
	"claude": {format: "claude", load: claudeLoad, effect: claudeEffect},
	"codex":  {format: "codex", load: codexLoad, effect: codexEffect},
}

type adapterSession struct {
	hello   conformance.Hello
	ad      *adapter
	loaded  *compat.Loaded
	eng     *runner.Engine
	loadErr error
}

func (s *adapterSession) load() error {
	opts := s.ad.load(&s.hello)
	loaded, err := compat.Load(opts)
	if err != nil {
		return err
	}
	s.loaded = loaded
	ropts := runner.Options{Workspace: s.hello.Cwd, Env: s.hello.Env}
	if s.ad.format == "claude" {
		// Claude Code's permission layer decides around the hooks, as in
		// Claude.
		perms, err := compat.Permissions(loaded, claude.Name)
		if err != nil {
			return err
		}
		ropts.Permissions = perms
	}
	s.eng, err = compat.NewEngine(loaded, ropts)
	return err
}

func (s *adapterSession) close() {
	if s.eng != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = s.eng.Close(ctx)
	}
}

func (s *adapterSession) fire(ctx context.Context, m conformance.EventMsg) (*conformance.Effect, string, string) {
	if s.loadErr != nil {
		return nil, "", "loading the session's hooks: " + s.loadErr.Error()
	}
	f, ok := format.Lookup(s.ad.format)
	if !ok {
		return nil, fmt.Sprintf("hookcompat has no %s format", s.ad.format), ""
	}
	reader, ok := f.(format.EventReader)
	if !ok {
		return nil, fmt.Sprintf("the %s format reads no payload", s.ad.format), ""
	}
	ev, score, err := reader.ReadEvent([]byte(m.Payload), s.hello.Cwd, s.loaded.Vocabulary)
	if err != nil {
		return nil, "", "reading the payload: " + err.Error()
	}
	if score == 0 {
		return nil, "", "the payload is not a " + s.ad.format + " payload"
	}
	if ev.Cwd != "" && strings.HasPrefix(ev.Cwd, s.hello.Project) {
		_ = os.MkdirAll(ev.Cwd, 0o755) // the directory the session had made
	}
	fctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	out, err := s.eng.Fire(fctx, ev)
	if out == nil {
		return nil, "", "firing: " + err.Error()
	}
	renderer, ok := f.(format.Renderer)
	if !ok {
		return nil, fmt.Sprintf("the %s format renders no view", s.ad.format), ""
	}
	b, err := json.Marshal(renderer.Render(out, s.loaded.Vocabulary))
	if err != nil {
		return nil, "", err.Error()
	}
	return s.ad.effect(&m, out, gjson.ParseBytes(b)), "", ""
}

func optStrings(h *conformance.Hello, key string) []string {
	var out []string
	if arr, ok := h.Options[key].([]any); ok {
		for _, v := range arr {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// claudeLoad: the settings files Claude Code read (the session names
// them, in precedence order), its --plugin-dir plugins; no managed
// policy.
func claudeLoad(h *conformance.Hello) compat.Options {
	return compat.Options{Project: h.Project, Home: h.Home, Sources: append(claude.Sources(optStrings(h, "settings")...), claude.Plugins(optStrings(h, "plugins")...)...),
		ManagedDir: filepath.Join(h.System, "etc", "claude-code"), Env: h.Env}
}

// claudeEffect reads the Claude view (compat/claude's Rendering).
func claudeEffect(m *conformance.EventMsg, out *runner.Outcome, v gjson.Result) *conformance.Effect {
	e := &conformance.Effect{Texts: []conformance.Text{}}
	if r := v.Get("tool_runs"); r.Exists() {
		e.ToolRuns = ptrTo(r.Bool())
	}
	if in := v.Get("effective_input"); in.Exists() && in.Type != gjson.Null {
		e.ToolInput = json.RawMessage(in.Raw)
	}
	if u := v.Get("user_text").String(); u != "" {
		e.UserText = &u
	}
	ends := v.Get("loop_ends").String()
	if ends != "" {
		e.Stops = &ends
	}
	switch m.Event {
	case "UserPromptSubmit", "UserPromptExpansion":
		e.PromptBlocked = ptrTo(e.UserText != nil || ends == "prompt_stopped")
	case "Stop", "SubagentStop":
		e.Continues = ptrTo(out.Decision.Blocks() || (out.Continue != nil && *out.Continue))
	}
	for _, t := range v.Get("texts").Array() {
		kind := t.Get("kind").String()
		toolEvent := m.Event == "PreToolUse" || m.Event == "PermissionRequest"
		if kind == "command_output" || kind == "user_text" || t.Get("delivery").String() == format.DeliveryLater || (toolEvent && kind == "tool_result") {
			continue
		}
		e.Texts = append(e.Texts, conformance.Text{Text: t.Get("text").String(), Placement: t.Get("placement").String()})
	}
	return e
}

func ptrTo[T any](v T) *T { return &v }

func optBool(h *conformance.Hello, key string, def bool) bool {
	if b, ok := h.Options[key].(bool); ok {
		return b
	}
	return def
}

func envOf(env []string, key string) string {
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v
		}
	}
	return ""
}

// codexLoad: Codex's layers as it discovers them from the working
// directory ($CODEX_HOME, /etc/codex under the sandbox's system root,
// <project>/.codex when Codex trusts the project — its own answer,
// codex.TrustedProject — and hook trust is not withheld); nothing when
// hooks are disabled.
func codexLoad(h *conformance.Hello) compat.Options {
	if optBool(h, "hooks_disabled", false) {
		return compat.Options{Project: h.Cwd, Home: h.Home, Env: h.Env}
	}
	codexHome := envOf(h.Env, "CODEX_HOME")
	if codexHome == "" {
		codexHome = filepath.Join(h.Home, ".codex")
	}
	trusted := optBool(h, "trusted", true)
	root := codex.ProjectRoot(h.Cwd)
	return compat.Options{Discover: true, Project: h.Cwd, Home: h.Home, SystemRoot: h.System, Env: h.Env,
		ManagedDir: filepath.Join(h.System, "etc", "claude-code"),
		Trusted: func(string, string) bool {
			return trusted && (codex.TrustedProject(codexHome, root) || !codexProjectLayer(h.Project))
		}}
}

// codexProjectLayer reports whether the project has a Codex layer of its
// own (a .codex folder with hooks.json or config.toml): Codex's trust
// answer matters only then.
func codexProjectLayer(proj string) bool {
	found := false
	_ = filepath.WalkDir(proj, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Base(filepath.Dir(p)) == ".codex" && (d.Name() == "hooks.json" || d.Name() == "config.toml") {
			found = true
		}
		return nil
	})
	return found
}

// codexEffect reads the Codex view (compat/codex's Rendering): its items
// are the model-visible texts.
func codexEffect(m *conformance.EventMsg, out *runner.Outcome, v gjson.Result) *conformance.Effect {
	e := &conformance.Effect{Texts: []conformance.Text{}}
	if r := v.Get("tool_runs"); r.Exists() {
		e.ToolRuns = ptrTo(r.Bool())
	}
	if in := v.Get("effective_input"); in.Exists() && in.Type != gjson.Null {
		e.ToolInput = json.RawMessage(in.Raw)
	}
	switch m.Event {
	case "UserPromptSubmit":
		e.PromptBlocked = ptrTo(v.Get("prompt_dropped").Bool())
	case "Stop", "SubagentStop":
		e.Continues = ptrTo(v.Get("continues").Bool())
	}
	if v.Get("session_ends").Bool() {
		e.Stops = ptrTo("stopped")
	}
	for _, it := range v.Get("items").Array() {
		place := it.Get("placement").String()
		if o := it.Get("output"); o.Exists() {
			e.Texts = append(e.Texts, conformance.Text{Text: o.String(), Placement: place})
			continue
		}
		for _, c := range it.Get("content").Array() {
			e.Texts = append(e.Texts, conformance.Text{Text: c.Get("text").String(), Placement: place})
		}
	}
	return e
}
