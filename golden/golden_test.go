package golden_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/native"
	"github.com/hookcompat/hookcompat/compat/phi"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

var update = flag.Bool("update", false, "rewrite the want/ sections of the golden cases")

// TestGolden runs every case under golden/<area>/*.txtar. See README.md in
// this directory for the case format.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("*", "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no golden cases found")
	for _, file := range files {
		name := strings.TrimSuffix(file, ".txtar")
		t.Run(filepath.ToSlash(name), func(t *testing.T) {
			t.Parallel()
			runCase(t, file)
		})
	}
}

// header is the key: value lines of a case's archive comment.
type header map[string][]string

func parseHeader(comment []byte) header {
	h := header{}
	sc := bufio.NewScanner(bytes.NewReader(comment))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		h[strings.TrimSpace(k)] = append(h[strings.TrimSpace(k)], strings.TrimSpace(v))
	}
	return h
}

func (h header) one(k, def string) string {
	if v := h[k]; len(v) > 0 {
		return v[len(v)-1]
	}
	return def
}

type goldenCase struct {
	httpURL string // $HTTP_URL: the case's http server, when it has one
	t       *testing.T
	file    string
	ar      *txtar.Archive
	hdr     header
	got     map[string][]byte // want/ sections as produced
	proj    string
	home    string
	capture string
}

// headerKeys are the keys a case's header may have (README.md); any
// other is a mistake in the case.
var headerKeys = map[string]bool{
	"kind": true, "repeat": true, "audit": true, "settings": true, "config": true, "plugin": true,
	"discover": true, "phi-dir": true, "managed-dir": true, "http-response": true, "http-location": true,
	"trusted": true, "event": true, "env": true, "exec": true, "no-exec": true, "args-raw": true,
	"render": true, "same-as-event": true, "from": true, "target": true, "judge": true,
	"drain-timeout": true, "sources": true, "existing": true, "recording": true, "system-root": true,
	"http-content-type": true, "as-loaded": true, "prune": true,
}

func runCase(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	require.NoError(t, err)
	c := &goldenCase{t: t, file: file, ar: ar, hdr: parseHeader(ar.Comment), got: map[string][]byte{}}
	for k := range c.hdr {
		if !headerKeys[k] {
			t.Fatalf("%s: unknown header key %q (see golden/README.md)", file, k)
		}
	}
	switch kind := c.hdr.one("kind", ""); kind {
	case "run":
		c.run()
	case "convert":
		c.convert()
	case "doctor", "list", "background":
		c.run()
	default:
		t.Fatalf("%s: header needs kind: run or kind: convert, got %q", file, kind)
	}
	c.finish()
}

func (c *goldenCase) section(name string) ([]byte, bool) {
	for _, f := range c.ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// materialise writes project/ and home/ sections into a temp dir.
func (c *goldenCase) materialise() {
	root := c.t.TempDir()
	c.proj = filepath.Join(root, "proj")
	c.home = filepath.Join(root, "home")
	for _, d := range []string{c.proj, c.home} {
		require.NoError(c.t, os.MkdirAll(d, 0o755))
	}
	for _, f := range c.ar.Files {
		var dst string
		switch {
		case strings.HasPrefix(f.Name, "project/"):
			dst = filepath.Join(c.proj, strings.TrimPrefix(f.Name, "project/"))
		case strings.HasPrefix(f.Name, "home/"):
			dst = filepath.Join(c.home, strings.TrimPrefix(f.Name, "home/"))
		default:
			continue
		}
		require.NoError(c.t, os.MkdirAll(filepath.Dir(dst), 0o755))
		mode := os.FileMode(0o644)
		if bytes.HasPrefix(f.Data, []byte("#!")) {
			mode = 0o755
		}
		require.NoError(c.t, os.WriteFile(dst, c.expand(f.Data), mode))
	}
	for _, p := range c.hdr["exec"] {
		require.NoError(c.t, os.Chmod(c.path(p), 0o755))
	}
	for _, p := range c.hdr["no-exec"] {
		require.NoError(c.t, os.Chmod(c.path(p), 0o644))
	}
}

// expand replaces $PROJECT and $HOME in case inputs with the temp dirs.
func (c *goldenCase) expand(b []byte) []byte {
	s := strings.NewReplacer("$PROJECT", c.proj, "$HOME", c.home, "$HTTP_URL", c.httpURL).Replace(string(b))
	return []byte(s)
}

// normalise replaces the temp dirs in outputs with $PROJECT and $HOME.
func (c *goldenCase) normalise(s string) string {
	r := []string{c.proj, "$PROJECT", c.home, "$HOME"}
	if c.httpURL != "" {
		r = append(r, c.httpURL, "$HTTP_URL")
	}
	return strings.NewReplacer(r...).Replace(s)
}

func (c *goldenCase) path(rel string) string {
	switch {
	case strings.HasPrefix(rel, "project/"):
		return filepath.Join(c.proj, strings.TrimPrefix(rel, "project/"))
	case strings.HasPrefix(rel, "home/"):
		return filepath.Join(c.home, strings.TrimPrefix(rel, "home/"))
	}
	c.t.Fatalf("source %q must be under project/ or home/", rel)
	return ""
}

// goldenReply is the reply as golden files record it: the public JSON
// contract of `hookcompat run` without timings.
type goldenReply struct {
	runner.Reply
	Hooks []goldenTrace `json:"hooks"`
}

type goldenTrace struct {
	Source   string `json:"source"`
	Protocol string `json:"protocol"`
	Command  string `json:"command"`
	Outcome  string `json:"outcome"`
	ExitCode *int   `json:"exit_code"`
	Signal   string `json:"signal,omitempty"`
	Error    string `json:"error,omitempty"`
	Decision string `json:"decision,omitempty"`
}

// startHTTP serves the case's http-response ("STATUS BODY", with the
// http-location header's Location when given) on $HTTP_URL and records each request (method, content type, X-* headers, body) as
// capture http-request-N.
func (c *goldenCase) startHTTP() {
	spec := c.hdr.one("http-response", "")
	if spec == "" {
		return
	}
	statusText, body, _ := strings.Cut(spec, " ")
	status, err := strconv.Atoi(statusText)
	require.NoError(c.t, err, "http-response: want STATUS BODY")
	location := c.hdr.one("http-location", "")
	var mu sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, _ := io.ReadAll(r.Body)
		var hdrs []string
		for k, v := range r.Header {
			if strings.HasPrefix(k, "X-") || k == "Authorization" {
				hdrs = append(hdrs, k+": "+strings.Join(v, ","))
			}
		}
		sort.Strings(hdrs)
		mu.Lock()
		n++
		name := fmt.Sprintf("http-request-%d", n)
		mu.Unlock()
		rec := fmt.Sprintf("%s %s\nContent-Type: %s\n%s\n%s", r.Method, r.URL.Path, r.Header.Get("Content-Type"), strings.Join(hdrs, "\n"), data)
		_ = os.WriteFile(filepath.Join(c.capture, name), []byte(rec), 0o644)
		if location != "" {
			w.Header().Set("Location", location)
		}
		if ct := c.hdr.one("http-content-type", ""); ct != "" {
			w.Header().Set("Content-Type", ct)
		}
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	c.t.Cleanup(srv.Close)
	c.httpURL = srv.URL
}

// staticJudge answers every prompt hook with one JSON answer (HK-63),
// read with runner.ParseVerdict; the answer "panic" panics when the
// event's prompt says "panic" (HK-32).
type staticJudge struct{ answer string }

func (j staticJudge) Judge(_ context.Context, req *runner.JudgeRequest) (runner.Verdict, error) {
	if j.answer == "panic" {
		if req.Event.Prompt == "panic" || req.Event.Message == "panic" {
			panic("the judge crashed")
		}
		return runner.Verdict{Context: "judged"}, nil
	}
	return runner.ParseVerdict([]byte(j.answer))
}

func (c *goldenCase) run() {
	c.capture = filepath.Join(c.t.TempDir(), "captures")
	require.NoError(c.t, os.MkdirAll(c.capture, 0o755))
	c.startHTTP()
	c.materialise()
	opts := compat.Options{Project: c.proj, Home: c.home}
	for _, s := range c.hdr["settings"] {
		opts.Sources = append(opts.Sources, claude.Sources(c.path(s))...)
	}
	for _, s := range c.hdr["plugin"] {
		opts.Sources = append(opts.Sources, claude.Plugins(c.path(s))...)
	}
	opts.Discover = c.hdr.one("discover", "") == "true"
	opts.ManagedDir = filepath.Join(c.home, "no-managed-settings")
	// System-wide files (/etc/…) come from the case only.
	opts.SystemRoot = filepath.Join(c.home, "no-system-root")
	if r := c.hdr.one("system-root", ""); r != "" {
		opts.SystemRoot = c.path(r)
	}
	if m := c.hdr.one("managed-dir", ""); m != "" {
		opts.ManagedDir = c.path(m)
	}
	if c.hdr.one("trusted", "") == "false" {
		opts.Trusted = func(string, string) bool { return false }
	}
	for _, s := range c.hdr["phi-dir"] {
		opts.Sources = append(opts.Sources, phi.Sources(c.path(s))...)
	}
	for _, s := range c.hdr["sources"] {
		// sources: FORMAT PATH, a source of any registered format.
		name, path, ok := strings.Cut(s, " ")
		require.True(c.t, ok, "sources: want FORMAT PATH, got %q", s)
		opts.Sources = append(opts.Sources, format.Source{Format: name, Path: c.path(strings.TrimSpace(path))})
	}
	for _, s := range c.hdr["config"] {
		opts.Sources = append(opts.Sources, native.Sources(c.path(s))...)
	}
	// Discovery reads the case's env lines (PHI_HOOKS), never the test's.
	opts.Env = append([]string{}, c.hdr["env"]...)
	loaded, err := compat.Load(opts)
	require.NoError(c.t, err)
	var warns []string
	for _, w := range loaded.Warnings {
		warns = append(warns, c.normalise(w.String()))
	}
	if len(warns) > 0 {
		c.got["want/warnings.txt"] = []byte(strings.Join(warns, "\n") + "\n")
	}
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + c.home,
		"LANG=C.UTF-8",
		"HOOK_CAPTURE=" + c.capture,
	}
	env = append(env, c.hdr["env"]...)
	if c.hdr.one("kind", "") == "doctor" {
		// HK-40: what doctor finds, one line per finding.
		var lines []string
		for _, f := range compat.Doctor(loaded, env) {
			lines = append(lines, c.normalise(f.String()))
		}
		c.got["want/findings.txt"] = []byte(strings.Join(lines, "\n") + "\n")
		return
	}
	ropts := runner.Options{Workspace: c.proj, Env: env}
	if j := c.hdr.one("judge", ""); j != "" {
		ropts.Judge = staticJudge{answer: j}
	}
	if d := c.hdr.one("drain-timeout", ""); d != "" {
		ropts.DrainTimeout, err = time.ParseDuration(d)
		require.NoError(c.t, err, "drain-timeout: want a Go duration")
	}
	var background []*runner.Outcome
	var bgMu sync.Mutex
	ropts.OnBackground = func(o *runner.Outcome) {
		bgMu.Lock()
		background = append(background, o)
		bgMu.Unlock()
	}
	var audit bytes.Buffer
	if c.hdr.one("audit", "") == "true" {
		// HK-22: one audit record per hook run, timings removed.
		ropts.Logger = slog.New(slog.NewTextHandler(&audit, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == "duration" {
				return slog.Attr{}
			}
			return a
		}}))
	}
	eng, err := compat.NewEngine(loaded, ropts)
	require.NoError(c.t, err)
	evData, ok := c.section(c.hdr.one("event", "event.json"))
	require.True(c.t, ok, "case has no event section")
	ev, wire, err := compat.ParseEvent(c.expand(evData), c.proj)
	require.NoError(c.t, err)
	if raw := c.hdr.one("args-raw", ""); raw != "" {
		ev.Args = json.RawMessage(raw) // args no JSON event can carry (invalid JSON)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	repeat := 1
	if r := c.hdr.one("repeat", ""); r != "" {
		repeat, err = strconv.Atoi(r)
		require.NoError(c.t, err, "repeat: want a number")
	}
	if c.hdr.one("kind", "") == "background" {
		// HK-30…HK-33: the event is queued repeat times, then the engine
		// closes; every background outcome is recorded in order.
		for i := 0; i < repeat; i++ {
			e := ev.Clone()
			e.ToolCallID = fmt.Sprintf("call-%d", i+1)
			if i == 0 && c.hdr.one("judge", "") == "panic" {
				e.Message = "panic" // HK-32: the first event's judge panics
			}
			require.NoError(c.t, eng.Enqueue(e))
		}
		require.NoError(c.t, eng.Close(ctx))
		var bgs []goldenReply
		for _, o := range background {
			bgs = append(bgs, c.goldenReply(o))
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		require.NoError(c.t, enc.Encode(bgs))
		c.got["want/background.json"] = []byte(c.normalise(buf.String()))
		c.captures()
		return
	}
	var out *runner.Outcome
	for i := 0; i < repeat; i++ {
		out, err = eng.Fire(ctx, ev)
		require.NoError(c.t, err)
	}
	if audit.Len() > 0 {
		c.got["want/audit.txt"] = []byte(c.normalise(audit.String()))
	}
	if c.hdr.one("kind", "") == "list" {
		// HK-66: every hook with its last five failures.
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		list := compat.List(loaded, eng.Failures)
		for i := range list {
			for j := range list[i].Failures {
				list[i].Failures[j].Time = time.Time{}
			}
		}
		require.NoError(c.t, enc.Encode(list))
		c.got["want/list.json"] = []byte(c.normalise(buf.String()))
		return
	}

	gr := c.goldenReply(out)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	require.NoError(c.t, enc.Encode(gr))
	c.got["want/reply.json"] = []byte(c.normalise(buf.String()))
	if c.hdr.one("render", "") == "native" {
		// HK-23, HK-24: what a native agent does with the outcome.
		view := map[string]any{}
		switch ev.Name {
		case settings.PreTool:
			view["tool_runs"] = !out.Decision.Blocks()
			if out.Decision.Blocks() {
				view["tool_result"] = json.RawMessage(runner.ToolError(out.Reason))
			}
		case settings.PromptSubmit:
			view["prompt_sent"] = !out.Decision.Blocks()
			if out.Decision.Blocks() {
				view["one_shot_exit_code"] = runner.ExitPromptBlocked
			}
		}
		buf.Reset()
		require.NoError(c.t, enc.Encode(view))
		c.got["want/native.json"] = buf.Bytes()
	}
	if rec := c.hdr.one("recording", ""); rec != "" {
		checkRecording(c.t, rec, c.normalise(string(c.expand(evData))))
	}
	for _, name := range c.hdr["render"] {
		if name == "claude" || name == "native" {
			continue
		}
		// render: NAME — any other format's view of the outcome.
		f, ok := format.Lookup(name)
		require.True(c.t, ok, "render: unknown format %q", name)
		r, ok := f.(format.Renderer)
		require.True(c.t, ok, "render: format %q has no renderer", name)
		buf.Reset()
		require.NoError(c.t, enc.Encode(r.Render(out, loaded.Vocabulary)))
		c.got["want/"+name+".json"] = []byte(c.normalise(buf.String()))
	}
	if wire == "claude" || c.hdr.one("render", "") == "claude" {
		// What Claude Code would show the model (its format's renderer).
		buf.Reset()
		f, _ := format.Lookup("claude")
		require.NoError(c.t, enc.Encode(f.(format.Renderer).Render(out, loaded.Vocabulary)))
		c.got["want/claude.json"] = []byte(c.normalise(buf.String()))
	}
	require.NoError(c.t, eng.Close(ctx)) // detached hooks (Phi async) finish first
	c.captures()
}

// captures records every file the hooks wrote into $HOOK_CAPTURE.
func (c *goldenCase) captures() {
	entries, err := os.ReadDir(c.capture)
	require.NoError(c.t, err)
	// same-as-event: CAPTURE — the hook received exactly the event's bytes
	// (a Claude payload rebuilt from the native event is byte-identical
	// to the payload Claude Code sent, claude §4 / oracle hook_runs[].stdin).
	evData, _ := c.section(c.hdr.one("event", "event.json"))
	for _, name := range c.hdr["same-as-event"] {
		got, err := os.ReadFile(filepath.Join(c.capture, name))
		if assert.NoError(c.t, err, "same-as-event: no capture %s", name) {
			assert.Equal(c.t, string(c.expand(evData)), string(got), "same-as-event: %s differs from the event", name)
		}
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(c.capture, e.Name()))
		require.NoError(c.t, err)
		text := c.normalise(string(data))
		if !strings.HasSuffix(text, "\n") {
			// txtar sections end with a newline; exact bytes are checked by
			// same-as-event where they matter.
			text += "\n"
		}
		c.got["want/capture/"+e.Name()] = []byte(text)
	}
}

func (c *goldenCase) goldenReply(out *runner.Outcome) goldenReply {
	gr := goldenReply{Reply: out.Reply, Hooks: []goldenTrace{}}
	for _, tr := range out.Hooks {
		gr.Hooks = append(gr.Hooks, goldenTrace{Source: tr.Source, Protocol: tr.Protocol, Command: tr.Command,
			Outcome: string(tr.Outcome), ExitCode: tr.ExitCode, Signal: tr.Signal, Error: tr.Error, Decision: tr.Decision})
	}
	return gr
}

func (c *goldenCase) convert() {
	var inputs []compat.Input
	for _, f := range c.ar.Files {
		if strings.HasPrefix(f.Name, "input/") {
			inputs = append(inputs, compat.Input{Name: f.Name, Data: f.Data, From: c.hdr.one("from", "auto")})
		}
	}
	require.NotEmpty(c.t, inputs, "convert case has no input/ sections")
	// as-loaded: true converts what the agent loads (the hooks it drops
	// are warnings); without it such an input is an error.
	copts := compat.ConvertOptions{Target: c.hdr.one("target", compat.TargetHookcompat), AsLoaded: c.hdr.one("as-loaded", "") == "true", Prune: c.hdr.one("prune", "") == "true"}
	if name := c.hdr.one("existing", ""); name != "" {
		// existing: SECTION — the file the output is written into.
		data, ok := c.section(name)
		require.True(c.t, ok, "existing: no section %q", name)
		copts.Existing, copts.Path = data, name
	}
	res := compat.Convert(inputs, copts)
	if len(res.Errors) > 0 {
		var msgs []string
		for _, err := range res.Errors {
			msgs = append(msgs, err.Error())
		}
		c.got["want/error.txt"] = []byte(strings.Join(msgs, "\n") + "\n")
		return
	}
	toml := copts.Target == compat.TargetHookcompat || copts.Target == compat.TargetNative
	if toml {
		c.got["want/hooks.toml"] = res.TOML
	} else {
		c.got["want/output"] = res.Output
	}
	if len(res.Warnings) > 0 {
		var ws []string
		for _, w := range res.Warnings {
			ws = append(ws, w.String())
		}
		c.got["want/warnings.txt"] = []byte(strings.Join(ws, "\n") + "\n")
	}
	// The output decodes, and converting it again gives the same bytes
	// (issue 5: idempotence, like gofmt on its own output); another
	// agent's file is read back as that agent's format.
	if !toml {
		copts.Existing, copts.Path = nil, ""
		again := compat.Convert([]compat.Input{{Name: "out", Data: res.Output, From: copts.Target}}, copts)
		require.Empty(c.t, again.Errors, "the converted file does not read back")
		if c.hdr.one("existing", "") == "" {
			assert.Equal(c.t, string(res.Output), string(again.Output), "converting the output again changed it")
		}
		return
	}
	again := compat.Convert([]compat.Input{{Name: "out.toml", Data: res.TOML, From: "native"}}, copts)
	require.Empty(c.t, again.Errors, "the converted TOML does not decode")
	assert.Equal(c.t, string(res.TOML), string(again.TOML), "converting the output again changed it")
}

// finish compares produced want/ sections with the archive's, or rewrites
// them with -update.
func (c *goldenCase) finish() {
	want := map[string][]byte{}
	for _, f := range c.ar.Files {
		if strings.HasPrefix(f.Name, "want/") {
			want[f.Name] = f.Data
		}
	}
	if *update {
		var files []txtar.File
		for _, f := range c.ar.Files {
			if !strings.HasPrefix(f.Name, "want/") {
				files = append(files, f)
			}
		}
		names := make([]string, 0, len(c.got))
		for n := range c.got {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			files = append(files, txtar.File{Name: n, Data: c.got[n]})
		}
		c.ar.Files = files
		require.NoError(c.t, os.WriteFile(c.file, txtar.Format(c.ar), 0o644))
		return
	}
	for name, data := range c.got {
		w, ok := want[name]
		if !assert.True(c.t, ok, "%s: produced %s, which the case does not expect (run go test ./golden -update and read the diff):\n%s", c.file, name, data) {
			continue
		}
		assert.Equal(c.t, string(w), string(data), "%s: %s differs", c.file, name)
	}
	for name := range want {
		if _, ok := c.got[name]; !ok {
			c.t.Errorf("%s: expects %s, which was not produced", c.file, name)
		}
	}
}
