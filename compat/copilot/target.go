package copilot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/inplace"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Warning codes of the copilot target.
const (
	// CodeNotForCopilot marks a hook Copilot cannot run (an event it
	// does not have, a tool it never calls, a handler type it lacks);
	// left out.
	CodeNotForCopilot = "not-for-copilot"
	// CodeDiffersInCopilot marks a hook that runs under Copilot but whose
	// effect there differs from its home agent's.
	CodeDiffersInCopilot = "differs-in-copilot"
	// CodeDoubleFire: Copilot also runs the Claude Code hooks of the
	// project's .claude/settings.json itself.
	CodeDoubleFire = "double-fire"
	// CodeTrustNeeded: Copilot loads a repository's hooks only in a
	// trusted folder.
	CodeTrustNeeded = "copilot-trust-needed"
)

// target writes a Copilot hooks file ("convert --target copilot").
type target struct{}

func (target) Name() string { return Name }

// InPlace reports that the target writes into an existing hooks file,
// replacing only the entries that call the shim.
func (target) InPlace() bool { return true }

// entryOut is one written entry under its event key.
type entryOut struct {
	key  string
	raw  []byte
	shim bool
}

// Write encodes cfg as a Copilot hooks file (.github/hooks/<name>.json:
// {"version": 1, "hooks": {…}}): a Copilot hook is written back as it
// is (its bash or exec, cwd, env, timeoutSec, matcher, under its key's
// dialect); every other format's hook becomes an entry whose bash calls
// the exec shim with Copilot as its host (`<shim> exec --host copilot
// --protocol <fmt> --event <Event> … -- '<command>'`) under the
// camelCase key of its event, with timeoutSec its timeout in seconds
// (the format's default made explicit) and a Copilot matcher where the
// hook's tool names map to Copilot's one for one (the shim re-applies the
// hook's own matcher in any case). What Copilot cannot express is a
// warning. With opts.Existing (a hooks file), only its hooks object
// changes: its entries that call the shim are replaced, every other
// entry and every other byte is kept.
func (target) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	shim := opts.Shim
	if shim == "" {
		shim = "hookcompat"
	}
	w := &writer{shim: shim, once: map[string]bool{}}
	for i := range cfg.Hooks {
		w.hook(&cfg.Hooks[i])
	}
	if w.wrapped > 0 {
		w.warns = append(w.warns, translate.Warning{File: opts.OutputName(), Code: CodeTrustNeeded,
			Message: "Copilot loads .github/hooks/*.json only in a trusted folder (copilot --trust-folder, or the folder in trustedFolders); ~/.copilot/hooks/*.json loads everywhere"})
	}
	data, err := w.document(nil)
	if err != nil {
		return nil, err
	}
	if opts.Existing != nil {
		merged, warns, err := writeInPlace(data, opts)
		if err != nil {
			return nil, err
		}
		data = merged
		w.warns = append(w.warns, warns...)
	}
	return &format.Output{Data: data, Warnings: w.warns, Wrapped: w.wrapped}, nil
}

type writer struct {
	shim    string
	entries []entryOut
	warns   []translate.Warning
	once    map[string]bool
	wrapped int
}

func (w *writer) warn(h *settings.Hook, code, msg string) {
	w.warns = append(w.warns, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: code, Message: msg})
}

func (w *writer) warnOnce(h *settings.Hook, key, code, msg string) {
	if !w.once[key] {
		w.once[key] = true
		w.warn(h, code, msg)
	}
}

func eventName(h *settings.Hook) string {
	if h.Source.Event != "" {
		return h.Source.Event
	}
	return string(h.Event)
}

func (w *writer) hook(h *settings.Hook) {
	r, ok := rowFor(h.Event)
	if h.EffectiveProtocol() == Name {
		if !ok {
			w.warn(h, CodeNotForCopilot, fmt.Sprintf("no Copilot event for %s; left out", h.Event))
			return
		}
		w.copilotHook(r, h)
		return
	}
	if !ok {
		w.warn(h, CodeNotForCopilot, fmt.Sprintf("%s has no Copilot event: the hook is left out (Copilot %s events: %s)", eventName(h), Version, strings.Join(EventNames(), ", ")))
		return
	}
	switch h.EffectiveType() {
	case settings.TypePrompt, settings.TypeAgent:
		w.warn(h, CodeNotForCopilot, fmt.Sprintf("a %s hook cannot run under Copilot (its prompt entries only submit a prompt); left out", h.EffectiveType()))
		return
	}
	matcher, runs := w.copilotMatcher(r, h)
	if !runs {
		w.warn(h, CodeNotForCopilot, fmt.Sprintf("%s matcher %q names only tools Copilot never calls; left out", eventName(h), h.Match))
		return
	}
	shimMatch, ok := format.ShimMatcherOf(h)
	if !ok {
		w.warn(h, CodeNotForCopilot, fmt.Sprintf("%s: the native glob %q has wildcards the shim cannot apply in %s's matcher syntax; left out (match one tool, or set match_syntax)", eventName(h), h.Match, h.EffectiveProtocol()))
		return
	}
	spec, err := format.SpecOf(h, shimMatch)
	if err != nil {
		w.warn(h, CodeNotForCopilot, err.Error()+"; left out")
		return
	}
	spec.Host = Name
	if h.Match == "*" {
		spec.Matcher = ""
	}
	timeout := h.Timeout
	if timeout <= 0 {
		timeout = settings.DefaultTimeout
	}
	spec.Timeout = timeout
	o := jsonwire.NewObject(jsonwire.Serde)
	o.Str("type", "command")
	o.Str("bash", shellJoin(format.ShimArgs(w.shim, spec)))
	o.Raw("timeoutSec", json.RawMessage(seconds(timeout)))
	if matcher != "" {
		o.Str("matcher", matcher)
	}
	raw, _ := o.Bytes()
	w.entries = append(w.entries, entryOut{key: r.Camel, raw: raw, shim: true})
	w.wrapped++
	w.notes(r, h)
}

// notes are the differences of a wrapped hook h under Copilot.
func (w *writer) notes(r *row, h *settings.Hook) {
	if h.EffectiveProtocol() == claudeName {
		n := len(w.warns)
		w.warnOnce(h, CodeDoubleFire, CodeDoubleFire, "Copilot runs the hooks of the project's .claude/settings.json and .claude/settings.local.json itself (with its own PascalCase payloads and rules): keep those hooks there or here, not both, or each fires twice")
		if len(w.warns) > n {
			w.warns[n].Class = translate.ClassLoss // Copilot always runs them: they fire twice
		}
	}
	if h.Async {
		w.warn(h, CodeDiffersInCopilot, "async: Copilot waits for every hook; the shim drops the hook's decisions as its own agent does, but Copilot waits for it to finish")
	}
	if h.FailClosed && !r.FailClosed {
		w.warn(h, CodeDiffersInCopilot, fmt.Sprintf("fail_closed: Copilot ignores a failed %s hook; the shim answers a block itself when the hook fails", r.Camel))
	}
	if r.ConvertNote != "" {
		n := len(w.warns)
		w.warnOnce(h, r.Camel, CodeDiffersInCopilot, r.ConvertNote)
		if len(w.warns) > n {
			w.warns[n].Class = translate.ClassNote // about some replies only
		}
	}
	if missing := w.noCopilotTools(r, h); len(missing) > 0 {
		w.warn(h, CodeDiffersInCopilot, fmt.Sprintf("matcher %q names %s, which Copilot has no tool for: the hook never runs for it there", h.Match, strings.Join(missing, ", ")))
	}
}

// copilotHook writes a Copilot hook as its entry.
func (w *writer) copilotHook(r *row, h *settings.Hook) {
	o := jsonwire.NewObject(jsonwire.Serde)
	o.Str("type", "command")
	switch {
	case h.EffectiveType() == settings.TypeHTTP:
		o.Str("type", "http")
		o.Str("url", h.URL)
	case len(h.Args) > 0:
		o.Str("exec", h.Args[0])
		if len(h.Args) > 1 {
			b, _ := json.Marshal(h.Args[1:])
			o.Raw("args", b)
		}
	case h.Shell == shellPowerShell:
		o.Str("powershell", h.Command)
	default:
		o.Str("bash", h.Command)
	}
	if h.Dir != "" {
		o.Str("cwd", h.Dir)
	}
	env := map[string]string{}
	for k, v := range h.Env {
		if k != EnvHookDir {
			env[k] = v
		}
	}
	if len(env) > 0 {
		e := jsonwire.NewObject(jsonwire.Serde)
		for _, k := range sortedKeys(env) {
			e.Str(k, env[k])
		}
		b, _ := e.Bytes()
		o.Raw("env", b)
	}
	// An entry that calls the shim carries its timeout as the first
	// conversion wrote it (explicit, Copilot's 30 s too), so converting
	// the output again gives the same bytes.
	if h.Timeout > 0 && (h.Timeout != DefaultTimeout || isShimCommand(h.Command)) {
		o.Raw("timeoutSec", json.RawMessage(seconds(h.Timeout)))
	}
	if h.Match != "" {
		if h.EffectiveMatchSyntax() != Name {
			w.warn(h, translate.CodeUnsupportedField, fmt.Sprintf("match %q (%s syntax) is written as a Copilot matcher", h.Match, h.EffectiveMatchSyntax()))
		}
		o.Str("matcher", h.Match)
	}
	raw, _ := o.Bytes()
	w.entries = append(w.entries, entryOut{key: r.name(pascal(h)), raw: raw, shim: isShimCommand(h.Command)})
}

// claudeCopilot maps Claude Code tool names a matcher may name to
// Copilot's; "" for tools Copilot has none of.
var claudeCopilot = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"Bash": "bash", "Read": "view", "Write": "create", "Edit": "edit", "MultiEdit": "edit", "Glob": "glob",
		"Grep": "grep", "WebFetch": "web_fetch", "Task": "task", "Agent": "task", "Skill": "skill",
		"AskUserQuestion": "ask_user", "PowerShell": "powershell",
		"WebSearch": "", "TodoWrite": "", "NotebookEdit": "", "NotebookRead": "", "LS": "", "ExitPlanMode": "",
	}
}}

var plainNames = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_ ,|]+$`) }}

// copilotMatcher is a camelCase Copilot matcher that selects the calls
// of a wrapped hook's matcher ("" = every call; the shim matches the
// rest), and whether any call Copilot makes can match.
func (w *writer) copilotMatcher(r *row, h *settings.Hook) (string, bool) {
	m := h.Match
	if m == "" || m == "*" || !r.toolEvent() {
		return "", true
	}
	var names []string
	switch h.EffectiveMatchSyntax() {
	case settings.MatchGlob, settings.MatchExact:
		if strings.ContainsAny(m, `*?[\`) {
			return "", true
		}
		names = []string{translate.DefaultVocabulary.Name(translate.Native, Dialect, m)}
	default:
		if !plainNames.Get().MatchString(m) {
			return "", true // a regex: the shim applies it
		}
		dialect := translate.Dialect(h.EffectiveProtocol())
		for _, part := range strings.FieldsFunc(m, func(c rune) bool { return c == '|' || c == ',' }) {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			if dialect == claudeDialect {
				c, known := claudeCopilot.Get()[part]
				if !known {
					c = part // an MCP or unknown tool: the same name
				}
				if c != "" {
					names = append(names, c)
				}
				continue
			}
			t, ok := translate.DefaultVocabulary.Lookup(dialect, part)
			if !ok {
				names = append(names, part)
				continue
			}
			if c := t.Name(Dialect); c != "" {
				names = append(names, c)
			} else {
				names = append(names, t.Native)
			}
		}
	}
	if len(names) == 0 {
		return "", false
	}
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		q := regexp.QuoteMeta(n)
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "|"), true
}

// noCopilotTools are the names of a wrapped Claude hook's plain
// matcher that Copilot has no tool for.
func (w *writer) noCopilotTools(r *row, h *settings.Hook) []string {
	if h.Match == "" || !r.toolEvent() || h.EffectiveProtocol() != claudeName || !plainNames.Get().MatchString(h.Match) {
		return nil
	}
	var out []string
	for _, part := range strings.FieldsFunc(h.Match, func(c rune) bool { return c == '|' || c == ',' }) {
		part = strings.TrimSpace(part)
		if c, known := claudeCopilot.Get()[part]; known && c == "" {
			out = append(out, part)
		}
	}
	return out
}

// isShimCommand reports whether a hooks-file command calls the exec shim.
func isShimCommand(cmd string) bool {
	f := strings.Fields(cmd)
	if len(f) < 2 {
		return false
	}
	return format.IsShim([]string{strings.Trim(f[0], `'"`), f[1]})
}

// seconds renders a timeout in seconds: an integer when whole.
func seconds(d time.Duration) string {
	s := d.Seconds()
	if s <= 0 {
		s = DefaultTimeout.Seconds()
	}
	return strconv.FormatFloat(s, 'f', -1, 64)
}

var shellSafe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`) }}

// shellJoin quotes argv for /bin/bash -c: words of safe characters as
// they are, others in single quotes.
func shellJoin(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if shellSafe.Get().MatchString(a) {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// document renders the whole hooks file, or — with existing — that file
// with its hooks object replaced: its keys in their order, under each
// its entries that do not call the shim, then the new ones.
func (w *writer) document(existing []byte) ([]byte, error) {
	hooks := w.hooksObject(nil, nil)
	var buf bytes.Buffer
	if err := json.Indent(&buf, []byte(`{"version":1,"hooks":`+string(hooks)+`}`), "", "  "); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// writeInPlace writes the entries of fresh (a whole hooks file as Write
// renders it) into opts.Existing, a Copilot hooks file: entries whose
// bash (or command) calls the shim for Copilot and one of the converted
// inputs' formats are replaced, every other entry and byte is kept, and
// "version": 1 is added when the file has none ([inplace.MergeJSON]).
// Copilot reads the file as strict JSON: a comment is an error. An empty
// file gets fresh whole.
func writeInPlace(fresh []byte, opts *format.TargetOptions) ([]byte, []translate.Warning, error) {
	if len(bytes.TrimSpace(opts.Existing)) == 0 {
		return fresh, nil, nil
	}
	name := opts.OutputName()
	owner := inplace.Owner{Host: Name, Protocols: opts.Protocols}
	res, err := inplace.MergeJSON(inplace.JSONSpec{
		Name: name, Agent: "GitHub Copilot CLI", Existing: opts.Existing, Fresh: fresh, Container: "hooks", Prune: opts.Prune,
		IsEvent: func(k string) bool { _, _, ok := rowOf(k); return ok },
		Owns: func(_ string, entry []byte) bool {
			cmd := gjson.GetBytes(entry, "bash").String()
			if cmd == "" {
				cmd = gjson.GetBytes(entry, "command").String()
			}
			return owner.OwnsCommand(cmd)
		},
		Top: [][2]string{{"version", "1"}},
	})
	if err != nil {
		return nil, nil, err
	}
	var warns []translate.Warning
	for _, n := range res.Notes {
		warns = append(warns, translate.Warning{File: name, Line: n.Line, Col: n.Col, Code: n.Code, Message: n.Message})
	}
	return res.Data, warns, nil
}

// hooksObject is the compact hooks object: the keys of order first (an
// existing file's), then the others in table order; under each, the
// kept entries, then the new ones (a Copilot hook identical to a kept
// entry is not written twice).
func (w *writer) hooksObject(order []string, kept map[string][][]byte) []byte {
	byKey := map[string][][]byte{}
	for _, e := range w.entries {
		dup := false
		for _, k := range kept[e.key] {
			if bytes.Equal(k, e.raw) {
				dup = true
			}
		}
		if !dup {
			byKey[e.key] = append(byKey[e.key], e.raw)
		}
	}
	seen := map[string]bool{}
	for _, k := range order {
		seen[k] = true
	}
	for _, r := range events.Get().rows {
		for _, k := range []string{r.Camel, r.Pascal} {
			if k != "" && !seen[k] && len(byKey[k]) > 0 {
				order = append(order, k)
				seen[k] = true
			}
		}
	}
	o := jsonwire.NewObject(jsonwire.Serde)
	for _, k := range order {
		list := append(append([][]byte(nil), kept[k]...), byKey[k]...)
		if len(list) == 0 {
			continue
		}
		o.Raw(k, json.RawMessage("["+string(bytes.Join(list, []byte(",")))+"]"))
	}
	b, _ := o.Bytes()
	if b == nil {
		return []byte("{}")
	}
	return b
}
