package settings

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hookcompat/hookcompat/internal/tomlpos"
)

// EncodeOptions controls [Encode].
type EncodeOptions struct {
	// Header lines are written first, each prefixed with "# ". Use it for
	// provenance ("converted by hookcompat from …").
	Header []string
	// Provenance writes a "# from FILE:LINE (EVENT)" comment above each hook
	// whose Source is known — or, for a hook decoded from TOML, the comment
	// lines that stood above it (Source.Comments), so that a converted file
	// converts to the same bytes.
	Provenance bool
	// Comments, if set, returns extra comment lines for a hook (for
	// example the warnings about it); each is written as "# " + line.
	Comments func(h *Hook) []string
}

// Encode writes cfg as native TOML.
//
// Ordering rules: events in canonical order ([Events], then
// [ExtensionEvents], then unknown events by name); within one event, hooks
// in configured order; within one hook, keys in the order of [Hook]'s
// fields (match, command, args, type, timeout_seconds, fail_closed, if,
// url, headers, allowed_env_vars, prompt, model, then the extension fields
// protocol, match_syntax, env, shell, async, rewake, status_message, once,
// name, dir, options, server, tool, input). Keys
// whose value is the zero value are omitted; map keys are sorted. Strings
// are TOML basic strings; timeout_seconds is an integer when the timeout is
// a whole number of seconds and a float otherwise. The output therefore
// depends only on cfg, and Decode(Encode(cfg)) equals cfg apart from
// Source.
func Encode(w io.Writer, cfg *Config, opts EncodeOptions) error {
	bw := bufio.NewWriter(w)
	for _, line := range opts.Header {
		writeComment(bw, line)
	}
	hooks := append([]Hook(nil), cfg.Hooks...)
	sorted := &Config{Hooks: hooks}
	sorted.Sort()
	wroteAny := len(opts.Header) > 0
	for i := range sorted.Hooks {
		h := &sorted.Hooks[i]
		if wroteAny {
			bw.WriteString("\n")
		}
		wroteAny = true
		switch {
		case opts.Provenance && len(h.Source.Comments) > 0:
			for _, c := range h.Source.Comments {
				writeComment(bw, c)
			}
		case opts.Provenance && h.Source.File != "":
			c := "from " + strings.ReplaceAll(h.Source.String(), "\n", `\x0a`)
			if h.Source.Event != "" && h.Source.Event != string(h.Event) {
				c += " (" + h.Source.Event + ")"
			}
			writeComment(bw, c)
		}
		if opts.Comments != nil {
			for _, c := range opts.Comments(h) {
				writeComment(bw, c)
			}
		}
		fmt.Fprintf(bw, "[[hooks.%s]]\n", bareOrQuotedKey(string(h.Event)))
		writeHook(bw, h)
	}
	return bw.Flush()
}

// writeComment writes line as comment lines, one per "\n". A TOML comment
// holds no control character but tab, and only UTF-8: others (a CR, an
// ESC, a byte that is not UTF-8 — in a file's name, say) are written as
// \xHH, so that the file always parses.
func writeComment(w *bufio.Writer, line string) {
	for _, l := range strings.Split(line, "\n") {
		w.WriteString(strings.TrimRight("# "+commentSafe(l), " "))
		w.WriteString("\n")
	}
}

func commentSafe(s string) string {
	ok := utf8.ValidString(s)
	for _, r := range s {
		if r < 0x20 && r != '\t' || r == 0x7f {
			ok = false
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || r < 0x20 && r != '\t' || r == 0x7f {
			fmt.Fprintf(&b, `\x%02x`, s[i])
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func writeHook(w *bufio.Writer, h *Hook) {
	kv := func(k, v string) { fmt.Fprintf(w, "%s = %s\n", k, v) }
	str := func(k, v string) {
		if v != "" {
			kv(k, quote(v))
		}
	}
	boolean := func(k string, v bool) {
		if v {
			kv(k, "true")
		}
	}
	strs := func(k string, v []string) {
		if len(v) == 0 {
			return
		}
		q := make([]string, len(v))
		for i, s := range v {
			q[i] = quote(s)
		}
		kv(k, "["+strings.Join(q, ", ")+"]")
	}
	strmap := func(k string, m map[string]string) {
		if len(m) == 0 {
			return
		}
		keys := make([]string, 0, len(m))
		for key := range m {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, key := range keys {
			parts[i] = bareOrQuotedKey(key) + " = " + quote(m[key])
		}
		kv(k, "{ "+strings.Join(parts, ", ")+" }")
	}
	str("match", h.Match)
	str("command", h.Command)
	strs("args", h.Args)
	str("type", h.Type)
	if h.Timeout != 0 {
		kv("timeout_seconds", formatSeconds(h.Timeout))
	}
	boolean("fail_closed", h.FailClosed)
	str("if", h.If)
	str("url", h.URL)
	strmap("headers", h.Headers)
	strs("allowed_env_vars", h.AllowedEnvVars)
	str("prompt", h.Prompt)
	str("model", h.Model)
	str("protocol", h.Protocol)
	str("match_syntax", h.MatchSyntax)
	strmap("env", h.Env)
	str("shell", h.Shell)
	boolean("async", h.Async)
	boolean("rewake", h.Rewake)
	str("status_message", h.StatusMessage)
	boolean("once", h.Once)
	str("name", h.Name)
	str("dir", h.Dir)
	strmap("options", h.Options)
	str("server", h.MCPServer)
	str("tool", h.MCPTool)
	str("input", string(h.MCPInput))
}

// formatSeconds renders d in seconds: an integer when whole, otherwise the
// shortest decimal that decodes back to d.
func formatSeconds(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10)
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// quote renders s as a TOML basic string (tomlpos.Quote).
func quote(s string) string { return tomlpos.Quote(s) }

func bareOrQuotedKey(k string) string {
	if k == "" {
		return `""`
	}
	for _, c := range k {
		if !(c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
			return quote(k)
		}
	}
	return k
}
