package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/internal/tomlpos"
)

// Load reads and decodes the native TOML config at path. A missing file is
// reported as an error wrapping [ErrNoConfig] (and so [io/fs.ErrNotExist]);
// other problems as from [Decode].
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			abs, _ := filepath.Abs(path)
			return nil, fmt.Errorf("reading %s: no such file: %w", abs, ErrNoConfig)
		}
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return Decode(path, data)
}

// Decode parses a native TOML config strictly. name is used in error
// positions and as each hook's Source.File. The result lists hooks in
// canonical event order, each event's hooks in file order.
//
// Errors: a TOML syntax error, an unknown top-level key, an unknown event
// under [hooks], an unknown key in a hook, a value of the wrong type, and
// every validation failure of HK-01/HK-62…HK-65 (empty command, invalid
// glob, command and args together, http without url, prompt without
// prompt, unparsable if rule) are reported as [*Error] values with
// file:line:col, collected into an [ErrorList] when there are several.
// errors.As also finds an unknown event as [*UnknownEventError], a match
// pattern that does not compile as [*MatcherError] and an if rule that
// does not parse as [*RuleError], each with the same position.
func Decode(name string, data []byte) (*Config, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, col := de.Position()
			return nil, &Error{File: name, Line: line, Col: col, Msg: de.Error(), Err: err}
		}
		return nil, &Error{File: name, Msg: err.Error(), Err: err}
	}
	idx, err := tomlpos.Build(data)
	if err != nil {
		return nil, &Error{File: name, Msg: err.Error(), Err: err}
	}
	d := decoder{file: name, idx: idx, lines: strings.Split(string(data), "\n")}
	cfg := d.config(doc)
	cfg.Header = d.header()
	sort.SliceStable(d.errs, func(i, j int) bool {
		a, b := d.errs[i], d.errs[j]
		return a.Line < b.Line || (a.Line == b.Line && a.Col < b.Col)
	})
	if err := d.errs.err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

type decoder struct {
	file  string
	idx   tomlpos.Index
	errs  ErrorList
	lines []string
}

// commentText is a comment line's text without "#" and one space, and
// whether the line is a comment.
func commentText(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "#") {
		return "", false
	}
	t = strings.TrimPrefix(t, "#")
	return strings.TrimPrefix(t, " "), true
}

// header is the block of comment lines that opens the file, when a blank
// line ends it.
func (d *decoder) header() []string {
	var out []string
	for i, l := range d.lines {
		c, ok := commentText(l)
		if !ok {
			if strings.TrimSpace(l) == "" && i > 0 {
				return out
			}
			return nil
		}
		out = append(out, c)
	}
	return nil
}

// commentsAbove returns the comment lines directly above 1-based line n,
// top to bottom, not counting the file's header.
func (d *decoder) commentsAbove(n int) []string {
	var out []string
	for i := n - 2; i >= 0; i-- {
		c, ok := commentText(d.lines[i])
		if !ok {
			break
		}
		out = append([]string{c}, out...)
		if i == 0 {
			return nil // the block reaches the top: it is the header
		}
	}
	return out
}

func (d *decoder) fail(path, format string, args ...any) {
	d.failErr(path, problem{msg: fmt.Sprintf(format, args...)})
}

// failErr records pr at path, its typed error positioned there.
func (d *decoder) failErr(path string, pr problem) {
	p := d.idx.At(path)
	d.errs = append(d.errs, &Error{File: d.file, Line: p.Line, Col: p.Col, Field: path, Msg: pr.msg,
		Err: pr.positioned(d.file, p.Line, p.Col, path)})
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (d *decoder) config(doc map[string]any) *Config {
	cfg := &Config{}
	for _, k := range sortedKeys(doc) {
		if k != "hooks" {
			d.fail(k, "unknown key %q (a native config has only [[hooks.<event>]] tables)", k)
		}
	}
	hooks, ok := doc["hooks"]
	if !ok {
		return cfg
	}
	table, ok := hooks.(map[string]any)
	if !ok {
		d.fail("hooks", "want a table of events, got %s", tomlType(hooks))
		return cfg
	}
	for _, ev := range sortedKeys(table) {
		path := "hooks." + ev
		if !Event(ev).Known() {
			d.failErr(path, problem{err: &UnknownEventError{Event: Event(ev)},
				msg: fmt.Sprintf("unknown event %q%s (events: %s, and Claude's other events in snake_case, e.g. file_changed)", ev, nearestEvent(ev), eventList())})
			continue
		}
		list, ok := table[ev].([]any)
		if !ok {
			d.fail(path, "want an array of tables ([[%s]]), got %s", path, tomlType(table[ev]))
			continue
		}
		for i, item := range list {
			hp := fmt.Sprintf("%s[%d]", path, i)
			m, ok := item.(map[string]any)
			if !ok {
				d.fail(hp, "want a table, got %s", tomlType(item))
				continue
			}
			if h, ok := d.hook(Event(ev), hp, m); ok {
				cfg.Hooks = append(cfg.Hooks, h)
			}
		}
	}
	cfg.Sort()
	return cfg
}

// hook decodes one [[hooks.<event>]] table. It reports false when the
// table had errors.
func (d *decoder) hook(ev Event, hp string, m map[string]any) (Hook, bool) {
	before := len(d.errs)
	p := d.idx.At(hp)
	h := Hook{Event: ev, Source: Source{File: d.file, Line: p.Line, Col: p.Col, Format: "native", Event: string(ev)}}
	if p.Line > 0 {
		h.Source.Comments = d.commentsAbove(p.Line)
	}
	str := func(key string, dst *string) {
		if v, ok := m[key]; ok {
			if s, ok := v.(string); ok {
				*dst = s
			} else {
				d.fail(hp+"."+key, "want a string, got %s", tomlType(v))
			}
		}
	}
	boolean := func(key string, dst *bool) {
		if v, ok := m[key]; ok {
			if b, ok := v.(bool); ok {
				*dst = b
			} else {
				d.fail(hp+"."+key, "want a boolean, got %s", tomlType(v))
			}
		}
	}
	strs := func(key string, dst *[]string) {
		v, ok := m[key]
		if !ok {
			return
		}
		arr, ok := v.([]any)
		if !ok {
			d.fail(hp+"."+key, "want an array of strings, got %s", tomlType(v))
			return
		}
		out := make([]string, 0, len(arr))
		for i, x := range arr {
			s, ok := x.(string)
			if !ok {
				d.fail(fmt.Sprintf("%s.%s", hp, key), "element %d: want a string, got %s", i, tomlType(x))
				return
			}
			out = append(out, s)
		}
		if len(out) > 0 { // an empty array is as if absent, as Encode writes it
			*dst = out
		}
	}
	strmap := func(key string, dst *map[string]string) {
		v, ok := m[key]
		if !ok {
			return
		}
		t, ok := v.(map[string]any)
		if !ok {
			d.fail(hp+"."+key, "want a table of strings, got %s", tomlType(v))
			return
		}
		out := make(map[string]string, len(t))
		for _, k := range sortedKeys(t) {
			s, ok := t[k].(string)
			if !ok {
				d.fail(hp+"."+key+"."+k, "want a string, got %s", tomlType(t[k]))
				return
			}
			out[k] = s
		}
		if len(out) > 0 { // an empty table is as if absent, as Encode writes it
			*dst = out
		}
	}
	str("match", &h.Match)
	str("command", &h.Command)
	strs("args", &h.Args)
	str("type", &h.Type)
	if v, ok := m["timeout_seconds"]; ok {
		if t, err := secondsToDuration(v); err != nil {
			d.fail(hp+".timeout_seconds", "%v", err)
		} else {
			h.Timeout = t
		}
	}
	boolean("fail_closed", &h.FailClosed)
	str("if", &h.If)
	str("url", &h.URL)
	strmap("headers", &h.Headers)
	strs("allowed_env_vars", &h.AllowedEnvVars)
	str("prompt", &h.Prompt)
	str("model", &h.Model)
	str("protocol", &h.Protocol)
	str("match_syntax", &h.MatchSyntax)
	strmap("env", &h.Env)
	str("shell", &h.Shell)
	boolean("async", &h.Async)
	boolean("rewake", &h.Rewake)
	str("status_message", &h.StatusMessage)
	boolean("once", &h.Once)
	str("name", &h.Name)
	str("dir", &h.Dir)
	strmap("options", &h.Options)
	str("server", &h.MCPServer)
	str("tool", &h.MCPTool)
	var input string
	str("input", &input)
	if input != "" {
		h.MCPInput = json.RawMessage(input)
	}
	typeErrs := len(d.errs) > before
	misspelt := false
	for _, k := range sortedKeys(m) {
		if !hookKeys.Get()[k] {
			msg := fmt.Sprintf("unknown key %q", k)
			if near := nearestKey(k); near != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", near)
				misspelt = true
			}
			d.fail(hp+"."+k, "%s", msg)
		}
	}
	// A hook with a mistyped value or a misspelt key is not validated
	// further: that is the problem to fix, and "empty command" after
	// "comand = …" would only mislead.
	if !typeErrs && !misspelt {
		for _, pr := range validateHook(&h) {
			path := hp
			if pr.field != "" {
				path += "." + pr.field
			}
			d.failErr(path, pr)
		}
	}
	return h, len(d.errs) == before
}

// hookKeys are the keys of a hook table (from fieldSpecs in schema.go).
var hookKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := make(map[string]bool, len(fieldSpecs))
	for _, f := range fieldSpecs {
		m[f.key] = true
	}
	return m
}}

// eventList names the native events.
func eventList() string {
	var names []string
	for _, e := range Events() {
		names = append(names, string(e))
	}
	return strings.Join(names, ", ")
}

// nearestEvent is " (did you mean NAME?)" for the known event nearest to
// name — within two edits, also written in snake_case as Claude's names
// are ("PreToolUse" is pre_tool, "UserPromptSubmit" prompt_submit) — or
// "".
func nearestEvent(name string) string {
	if near := nearestEventName(name); near != "" {
		return fmt.Sprintf(" (did you mean %s?)", near)
	}
	return ""
}

// nearestEventName returns the native or extension event that name most
// likely means, or "" when none is near (hookkit.Nearest's rules: case,
// then separators, then a small edit distance), name also read as
// Claude Code's spelling of a native event (PreToolUse is pre_tool,
// UserPromptSubmit prompt_submit, PostToolUseFailure
// post_tool_failure). A known event is returned as itself.
func nearestEventName(name string) Event {
	if Event(name).Known() {
		return Event(name)
	}
	var cands []string
	for _, e := range append(Events(), ExtensionEvents()...) {
		cands = append(cands, string(e))
	}
	n := snakeCase(name)
	for _, v := range []string{strings.ReplaceAll(n, "_use", ""), strings.TrimPrefix(n, "user_"), n, name} {
		if near := hookkit.Nearest(v, cands); near != "" {
			return Event(near)
		}
	}
	return ""
}

// snakeCase is a camelCase or PascalCase name in snake_case, '-' and ' '
// as '_' (PreToolUse → pre_tool_use).
func snakeCase(s string) string {
	var b strings.Builder
	for i, c := range s {
		switch {
		case c >= 'A' && c <= 'Z':
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(c + 'a' - 'A')
		case c == '-' || c == ' ':
			b.WriteByte('_')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// nearestKey returns the hook key within edit distance 2 of k, if any.
func nearestKey(k string) string {
	best, bestD := "", 3
	for cand := range hookKeys.Get() {
		if d := hookkit.EditDistance(k, cand); d < bestD || (d == bestD && cand < best) {
			best, bestD = cand, d
		}
	}
	return best
}

// secondsToDuration converts a TOML number of seconds to a Duration,
// rounding to the nanosecond.
func secondsToDuration(v any) (time.Duration, error) {
	var secs float64
	switch n := v.(type) {
	case int64:
		secs = float64(n)
	case float64:
		secs = n
	default:
		return 0, fmt.Errorf("want a number of seconds, got %s", tomlType(v))
	}
	if math.IsNaN(secs) || math.IsInf(secs, 0) || secs < 0 {
		return 0, fmt.Errorf("want a non-negative number of seconds, got %v", v)
	}
	if secs >= float64(math.MaxInt64)/float64(time.Second) {
		return 0, fmt.Errorf("timeout of %v seconds is too large", v)
	}
	return time.Duration(math.Round(secs * float64(time.Second))), nil
}

func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	case nil:
		return "nothing"
	}
	return fmt.Sprintf("a %T", v)
}
