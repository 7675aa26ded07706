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
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/codex"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/compat/qwen"
	// Every format, for the agents' sessions (package compat need not
	// import them).
	_ "github.com/hookcompat/hookcompat/compat/all"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
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
	effect func(s *adapterSession, ev *conformance.EventMsg, out *runner.Outcome, view gjson.Result) *conformance.Effect
}

var adapters = map[string]*adapter{
	"claude": {format: "claude", load: claudeLoad, effect: claudeEffect},
	"codex":  {format: "codex", load: codexLoad, effect: codexEffect},
	"gemini": {format: "gemini", load: geminiLoad, effect: geminiEffect},
	"qwen":   {format: "qwen", load: qwenLoad, effect: qwenEffect},
}

type adapterSession struct {
	hello   conformance.Hello
	ad      *adapter
	loaded  *compat.Loaded
	eng     *runner.Engine
	loadErr error
	// stopBlocks counts Qwen Code's Stop blocks in a row (its cap).
	stopBlocks int
}

func (s *adapterSession) load() error {
	opts := s.ad.load(&s.hello)
	loaded, err := compat.Load(opts)
	if err != nil {
		return err
	}
	s.loaded = loaded
	// Hooks left running (asynchronous, detached: Qwen Code's
	// MessageDisplay outlives the CLI) finish before the session ends.
	ropts := runner.Options{Workspace: s.hello.Cwd, Env: s.hello.Env, DrainTimeout: 25 * time.Second}
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
	return s.ad.effect(s, &m, out, gjson.ParseBytes(b)), "", ""
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

// claudeEffect reads the Claude view (compat/claude's Rendering). On a
// tool event, the permission verdict (Claude's permission layer after the
// hooks) says whether the call runs and, when it does not and no
// PermissionRequest hook is asked next, the tool_result the model gets.
func claudeEffect(s *adapterSession, m *conformance.EventMsg, out *runner.Outcome, v gjson.Result) *conformance.Effect {
	e := &conformance.Effect{Texts: []conformance.Text{}}
	if r := v.Get("tool_runs"); r.Exists() {
		e.ToolRuns = ptrTo(r.Bool())
	}
	toolEvent := m.Event == "PreToolUse" || m.Event == "PermissionRequest"
	ends := v.Get("loop_ends").String()
	if p := v.Get("permission"); toolEvent && p.Exists() {
		runs := p.Get("tool_runs").Bool()
		e.ToolRuns = &runs
		// The tool_result of a call that does not run, unless the
		// PermissionRequest hooks are asked next or the loop ends here (no
		// request follows).
		if !runs && ends == "" && !(m.Event == "PreToolUse" && p.Get("permission_request").Bool() && s.permissionHooks(&out.Event)) {
			e.Texts = append(e.Texts, conformance.Text{Text: p.Get("message").String(), Placement: "tool_result"})
		}
	}
	if in := v.Get("effective_input"); in.Exists() && in.Type != gjson.Null {
		e.ToolInput = json.RawMessage(in.Raw)
	}
	if u := v.Get("user_text").String(); u != "" {
		e.UserText = &u
	}
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
		if kind == "command_output" || kind == "user_text" || t.Get("delivery").String() == format.DeliveryLater || (toolEvent && kind == "tool_result") {
			continue
		}
		e.Texts = append(e.Texts, conformance.Text{Text: t.Get("text").String(), Placement: claudePlacement(t.Get("placement").String(), kind)})
	}
	return e
}

// permissionHooks reports whether a Claude PermissionRequest hook of the
// session matches the call of tool event ev: Claude asks them when its
// permission layer asks, and only then does that event decide the call.
func (s *adapterSession) permissionHooks(ev *runner.Event) bool {
	pr := *ev
	pr.Name = settings.PermissionRequest
	p := claude.NewProtocol(s.loaded.Vocabulary)
	for i := range s.loaded.Config.Hooks {
		h := &s.loaded.Config.Hooks[i]
		if h.Event == settings.PermissionRequest && h.EffectiveProtocol() == claude.Name && p.Selects(h, &pr) {
			return true
		}
	}
	return false
}

// claudePlacement is the kit's Claude placement (conformance/README.md)
// of a text the Claude view places at place (compat/claude's landings).
func claudePlacement(place, kind string) string {
	switch place {
	case "tool_result":
		if kind == "tool_result" {
			return "tool_result"
		}
		return "after_tool_result"
	case "tool_result_tail", "batch_tail":
		return "after_tool_result"
	case "subagent_first":
		return "subagent_prompt"
	}
	return "message"
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
// codex.TrustedProject); without hook-trust bypass ("trusted" false)
// only the hooks Codex's per-hook review lets run (compat Options.Agent
// "codex"); nothing when hooks are disabled.
func codexLoad(h *conformance.Hello) compat.Options {
	if optBool(h, "hooks_disabled", false) {
		return compat.Options{Project: h.Cwd, Home: h.Home, Env: h.Env}
	}
	codexHome := envOf(h.Env, "CODEX_HOME")
	if codexHome == "" {
		codexHome = filepath.Join(h.Home, ".codex")
	}
	root := codex.ProjectRoot(h.Cwd)
	opts := compat.Options{Discover: true, Project: h.Cwd, Home: h.Home, SystemRoot: h.System, Env: h.Env,
		ManagedDir: filepath.Join(h.System, "etc", "claude-code"),
		Trusted: func(string, string) bool {
			return codex.TrustedProject(codexHome, root) || !codexProjectLayer(h.Project)
		}}
	if !optBool(h, "trusted", true) {
		// Codex without --dangerously-bypass-hook-trust: only hooks
		// reviewed as they are now ([hooks.state] trusted_hash) and
		// managed ones run — Codex's own view.
		opts.Agent = "codex"
	}
	return opts
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
func codexEffect(_ *adapterSession, m *conformance.EventMsg, out *runner.Outcome, v gjson.Result) *conformance.Effect {
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

// discovered are the sources format f finds for a session, as the agent
// discovers them (user, project and system settings), the project
// trusted as trusted says.
func discovered(h *conformance.Hello, name string, trusted func(string, string) bool) compat.Options {
	opts := compat.Options{Project: h.Project, Home: h.Home, SystemRoot: h.System, Env: h.Env, Trusted: trusted}
	if f, ok := format.Lookup(name); ok {
		getenv := func(k string) string { return envOf(h.Env, k) }
		opts.Sources = f.Discover(&format.Env{Project: h.Project, Home: h.Home, Getenv: getenv, SystemRoot: h.System, Trusted: trusted}).Sources
	}
	return opts
}

// geminiLoad: Gemini CLI's settings (system defaults, user, project,
// system) as it discovers them; the project trusted by
// ~/.gemini/trustedFolders.json or --skip-trust.
func geminiLoad(h *conformance.Hello) compat.Options {
	skip := false
	for _, a := range h.Args {
		skip = skip || a == "--skip-trust"
	}
	dir := filepath.Join(h.Home, ".gemini")
	return discovered(h, "gemini", func(string, string) bool { return skip || gemini.TrustedFolder(dir, h.Project) })
}

// qwenLoad: Qwen Code's settings as it discovers them; the project
// trusted as ~/.qwen/trustedFolders.json says (folder trust is off unless
// the settings enable it).
func qwenLoad(h *conformance.Hello) compat.Options {
	dir := filepath.Join(h.Home, ".qwen")
	return discovered(h, "qwen", func(string, string) bool { return qwen.TrustedFolder(dir, h.Project) })
}

// Gemini CLI's and Qwen Code's placements (conformance/README.md).
const (
	placeFunctionResponse = "function_response"
	placeOutputTail       = "output_tail"
	placePromptPrefix     = "prompt_prefix"
	placePromptPart       = "prompt_part"
	placeNextRequest      = "next_request"
	placeToolResult       = "tool_result"
	placeToolResultTail   = "tool_result_tail"
	placePromptTail       = "prompt_tail"
)

// geminiEffect reads the Gemini CLI view (compat/gemini's Rendering).
func geminiEffect(_ *adapterSession, m *conformance.EventMsg, _ *runner.Outcome, v gjson.Result) *conformance.Effect {
	e := &conformance.Effect{Texts: []conformance.Text{}}
	text := func(place string, t string) { e.Texts = append(e.Texts, conformance.Text{Text: t, Placement: place}) }
	if r := v.Get("tool_runs"); r.Exists() {
		e.ToolRuns = ptrTo(r.Bool())
	}
	if in := v.Get("effective_input"); in.Exists() && in.Type != gjson.Null && m.Event == "BeforeTool" {
		e.ToolInput = json.RawMessage(in.Raw)
	}
	if v.Get("stops").Bool() {
		e.Stops = ptrTo("stopped")
	}
	switch m.Event {
	case "BeforeTool", "AfterTool":
		if errText := gjson.Parse(v.Get("tool_response").Raw).Get("error"); errText.Exists() && !v.Get("stops").Bool() {
			text(placeFunctionResponse, errText.String())
		} else if m.Event == "AfterTool" {
			for _, t := range v.Get("model_text").Array() {
				text(placeOutputTail, t.String())
			}
		}
		if n := v.Get("output_note").String(); n != "" {
			text(placeOutputTail, strings.TrimSpace(n))
		}
	case "BeforeAgent":
		e.PromptBlocked = ptrTo(v.Get("blocked").Bool() || v.Get("stops").Bool())
		for _, p := range v.Get("prompt_parts").Array() {
			text(placePromptPart, p.String())
		}
		for _, u := range v.Get("user_text").Array() {
			if strings.HasPrefix(u.String(), "Agent execution blocked: ") {
				e.UserText = ptrTo(u.String())
				break
			}
		}
	case "SessionStart":
		if p := strings.TrimSpace(v.Get("prompt_prefix").String()); p != "" {
			text(placePromptPrefix, p)
		}
	case "AfterAgent":
		c := v.Get("continuation")
		e.Continues = ptrTo(c.Exists() && c.Type != gjson.Null)
		if *e.Continues {
			text(placeNextRequest, c.String())
		}
	}
	return e
}

// qwenEffect reads the Qwen Code view (compat/qwen's Rendering). A Stop
// that blocks continues the turn unless it is the cap-th block in a row
// (the session counts them).
func qwenEffect(s *adapterSession, m *conformance.EventMsg, _ *runner.Outcome, v gjson.Result) *conformance.Effect {
	e := &conformance.Effect{Texts: []conformance.Text{}}
	text := func(place string, t string) { e.Texts = append(e.Texts, conformance.Text{Text: t, Placement: place}) }
	if r := v.Get("tool_runs"); r.Exists() {
		e.ToolRuns = ptrTo(r.Bool())
	}
	if in := v.Get("effective_input"); in.Exists() && in.Type != gjson.Null {
		e.ToolInput = json.RawMessage(in.Raw)
	}
	payload := gjson.Parse(m.Payload)
	switch m.Event {
	case "PreToolUse", "PermissionRequest":
		if e.ToolRuns != nil && !*e.ToolRuns {
			text(placeToolResult, v.Get("tool_result").String())
		}
	case "PostToolUse", "PostToolUseFailure":
		r := v.Get("tool_result")
		if !r.Exists() {
			break
		}
		own := payload.Get("tool_response.llmContent").String()
		if m.Event == "PostToolUseFailure" {
			own = payload.Get("error").String()
		}
		if rest, ok := strings.CutPrefix(r.String(), own); ok {
			if rest = strings.TrimSpace(rest); rest != "" {
				text(placeToolResultTail, rest)
			}
		} else {
			text(placeToolResult, r.String())
		}
	case "UserPromptSubmit", "UserPromptExpansion":
		e.PromptBlocked = ptrTo(v.Get("blocked").Bool())
		for _, p := range v.Get("prompt_parts").Array() {
			text(placePromptPart, p.String())
		}
		if t := strings.TrimSpace(v.Get("prompt_suffix").String()); t != "" {
			text(placePromptTail, t)
		}
	case "Stop":
		if !payload.Get("stop_hook_active").Bool() {
			s.stopBlocks = 0
		}
		c := v.Get("continuation")
		wants := c.Exists() && c.Type != gjson.Null
		capN := int(v.Get("stop_cap").Int())
		goesOn := wants && (capN <= 0 || s.stopBlocks+1 < capN)
		if wants {
			s.stopBlocks++
		}
		e.Continues = &goesOn
		if goesOn {
			text(placeNextRequest, c.String())
		}
	}
	return e
}
