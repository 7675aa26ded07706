package gemini

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/compat/internal/jsonpos"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// baseFields are the keys every Gemini CLI payload starts with, in order
// (hookEventHandler.createBaseInput).
var baseFields = []string{"session_id", "transcript_path", "cwd", "hook_event_name", "timestamp"}

// nativeField says which native field holds a payload key of the row's
// event; "" means Event.Extra (kept by name, in order).
func nativeField(r *Row, key string) string {
	switch key {
	case "session_id", "transcript_path", "cwd":
		return key
	case "source", "reason", "trigger":
		return "reason"
	case "prompt":
		return "prompt"
	case "prompt_response":
		return "output"
	case "stop_hook_active":
		return "stop_hook_active"
	case "tool_name":
		return "tool"
	case "tool_input":
		return "args"
	case "tool_response":
		return "result"
	case "notification_type":
		return "type"
	case "message":
		if r.Name == "Notification" {
			return "message"
		}
	}
	return ""
}

// reasonMap is the value map of the row's trigger key.
func reasonMap(r *Row) [][2]string {
	switch r.Name {
	case "SessionStart":
		return sessionStartSource
	case "SessionEnd":
		return sessionEndReason
	}
	return nil
}

// FromPayload translates a Gemini CLI hook payload (the JSON Gemini writes
// to a hook's stdin) into a native event: tool and argument names through
// vocab (an MCP tool, which carries mcp_context, becomes
// mcp__<server>__<tool>), SessionStart's source and SessionEnd's reason
// mapped to the native reasons (clear is new), keys without a native
// field kept in Extra in their order (timestamp, mcp_context,
// llm_request, …). workspace is the project directory when the payload's
// cwd is empty. Errors: not a JSON object, no hook_event_name, an event
// Gemini CLI does not have, or a field of the wrong type.
func FromPayload(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, error) {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	root, err := jsonpos.Parse(bytes.TrimPrefix(data, []byte("\ufeff")))
	if err != nil {
		return runner.Event{}, fmt.Errorf("gemini payload: %w", err)
	}
	if root.Kind != jsonpos.Object {
		return runner.Event{}, fmt.Errorf("gemini payload: want a JSON object, got %s", root.Kind)
	}
	name := root.Get("hook_event_name")
	if name == nil || name.Kind != jsonpos.String {
		return runner.Event{}, fmt.Errorf("gemini payload: missing hook_event_name")
	}
	r, ok := Event(name.Str)
	if !ok {
		return runner.Event{}, fmt.Errorf("gemini payload: unknown hook_event_name %q (Gemini CLI has %s)", name.Str, strings.Join(EventNames(), ", "))
	}
	ev := runner.Event{Name: r.Native, Workspace: workspace}
	geminiTool := ""
	for _, m := range geminicore.Members(root) {
		if m.Key == "hook_event_name" {
			continue
		}
		f := nativeField(r, m.Key)
		raw := append(json.RawMessage(nil), m.Value.Raw...)
		switch f {
		case "":
			ev.Extra.Set(m.Key, raw)
			continue
		case "args":
			ev.Args = raw
			continue
		case "result":
			ev.Result = raw
			continue
		case "stop_hook_active":
			if m.Value.Kind != jsonpos.Bool {
				return runner.Event{}, fmt.Errorf("gemini payload: stop_hook_active: want a boolean, got %s", m.Value.Kind)
			}
			ev.StopHookActive = m.Value.Bool
			continue
		}
		if m.Value.Kind != jsonpos.String {
			return runner.Event{}, fmt.Errorf("gemini payload: %s: want a string, got %s", m.Key, m.Value.Kind)
		}
		s := m.Value.Str
		switch f {
		case "session_id":
			ev.SessionID = s
		case "transcript_path":
			ev.TranscriptPath = s
		case "cwd":
			ev.Cwd = s
		case "reason":
			ev.Reason = hookkit.MapValue(reasonMap(r), s, true)
		case "prompt":
			ev.Prompt = s
		case "output":
			ev.Output = s
		case "tool":
			geminiTool = s
			ev.Tool = vocab.Name(Dialect, translate.Native, s)
		case "type":
			ev.Type = s
		case "message":
			ev.Message = s
		}
	}
	if mcp, ok := ev.Extra.Get("mcp_context"); ok {
		var c struct {
			Server string `json:"server_name"`
			Tool   string `json:"tool_name"`
		}
		if json.Unmarshal(mcp, &c) == nil && c.Server != "" && c.Tool != "" {
			ev.Tool = "mcp__" + c.Server + "__" + c.Tool
		}
	}
	if r.Name == "AfterTool" {
		// Gemini has one AfterTool event; a failed call's tool_response
		// carries error {message, type}: natively, post_tool_failure.
		if e := gjson.GetBytes(ev.Result, "error"); e.IsObject() {
			ev.Name = settings.PostToolFailure
			ev.Error = e.Get("message").String()
		}
	}
	if ev.Args != nil && geminiTool != "" {
		ev.Args = vocab.Args(Dialect, translate.Native, geminiTool, ev.Args)
	}
	if ev.Workspace == "" {
		ev.Workspace = ev.Cwd
	}
	return ev, nil
}

// ToolName is the Gemini CLI name of native tool t: the vocabulary's, and
// for an MCP tool mcp__<server>__<tool> its mcp_<server>_<tool>.
func ToolName(vocab *translate.Vocabulary, t string) string {
	if rest, ok := strings.CutPrefix(t, "mcp__"); ok {
		if server, tool, ok := strings.Cut(rest, "__"); ok {
			return "mcp_" + server + "_" + tool
		}
	}
	return vocab.Name(translate.Native, Dialect, t)
}

// Payload builds the stdin bytes a Gemini CLI hook receives for ev: the
// payload as JSON.stringify writes it (compact, no trailing newline), the
// common keys first, then the event's keys in Gemini's order (the table's
// Fields), then any other Extra key in its order. Fields the native event
// lacks get Gemini's values: timestamp is now (ISO 8601, milliseconds,
// UTC) unless the event carries one, AfterAgent's prompt_response is
// "[no response text]" when empty, SessionStart's source "startup",
// SessionEnd's reason "exit", PreCompress' trigger "auto".
func Payload(ev *runner.Event, vocab *translate.Vocabulary) ([]byte, error) {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	r, ok := ForNative(ev.Name)
	if !ok {
		return nil, fmt.Errorf("gemini payload: Gemini CLI has no event for %s", ev.Name)
	}
	used := map[string]bool{}
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	cwd := ev.Cwd
	if cwd == "" {
		cwd = ev.Workspace
	}
	put := func(key string) {
		if used[key] {
			return
		}
		used[key] = true
		f := nativeField(r, key)
		switch {
		case key == "hook_event_name":
			o.Str(key, r.Name)
			return
		case key == "timestamp":
			if v, ok := ev.Extra.Get(key); ok {
				o.Raw(key, v)
			} else {
				o.Str(key, time.Now().UTC().Format("2006-01-02T15:04:05.000Z"))
			}
			return
		case f == "":
			if v, ok := ev.Extra.Get(key); ok {
				o.Raw(key, v)
			} else if key == "details" {
				o.Raw(key, json.RawMessage("{}"))
			} else if key == "llm_request" {
				o.Raw(key, json.RawMessage(`{"model":"","messages":[]}`))
			}
			return
		}
		switch f {
		case "session_id":
			o.Str(key, ev.SessionID)
		case "transcript_path":
			o.Str(key, ev.TranscriptPath)
		case "cwd":
			o.Str(key, cwd)
		case "reason":
			v := hookkit.MapValue(reasonMap(r), ev.Reason, false)
			if v == "" {
				v = map[string]string{"SessionStart": "startup", "SessionEnd": "exit", "PreCompress": "auto"}[r.Name]
			}
			o.Str(key, v)
		case "prompt":
			o.Str(key, ev.Prompt)
		case "output":
			out := ev.Output
			if out == "" {
				out = "[no response text]"
			}
			o.Str(key, out)
		case "stop_hook_active":
			o.Bool(key, ev.StopHookActive)
		case "tool":
			o.Str(key, ToolName(vocab, ev.Tool))
		case "args":
			args := ev.Args
			if len(bytes.TrimSpace(args)) == 0 {
				args = json.RawMessage("{}")
			}
			o.Raw(key, vocab.Args(translate.Native, Dialect, ev.Tool, args))
		case "result":
			o.Raw(key, toolResponse(ev))
		case "type":
			t := ev.Type
			if t == "" {
				t = "ToolPermission"
			}
			o.Str(key, t)
		case "message":
			o.Str(key, ev.Message)
		}
	}
	for _, k := range baseFields {
		put(k)
	}
	for _, k := range r.Fields {
		if k == "mcp_context" || k == "original_request_name" {
			if _, ok := ev.Extra.Get(k); !ok {
				continue // only MCP calls and tail calls carry them
			}
		}
		put(k)
	}
	for _, kv := range ev.Extra {
		put(kv.Key)
	}
	b, err := o.Bytes()
	if err != nil {
		return nil, fmt.Errorf("gemini payload: %w", err)
	}
	return b, nil
}

// toolResponse is AfterTool's tool_response for ev: the native result as
// it is, or for a failed call without one {llmContent, returnDisplay,
// error: {message, type}} built from the error text.
func toolResponse(ev *runner.Event) json.RawMessage {
	if len(bytes.TrimSpace(ev.Result)) > 0 {
		return ev.Result
	}
	o := jsonwire.NewObject(jsonwire.JSRoundTrip)
	o.Str("llmContent", ev.Error)
	o.Str("returnDisplay", ev.Error)
	if ev.Error != "" {
		e := jsonwire.NewObject(jsonwire.JSRoundTrip)
		e.Str("message", ev.Error)
		e.Str("type", "execution_failed")
		b, _ := e.Bytes()
		o.Raw("error", b)
	}
	b, _ := o.Bytes()
	return b
}

var slugNonAlnum = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`[^a-z0-9]`) }}
var slugDashes = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`-+`) }}

// projectID is Gemini CLI's short id of a project (its folder under
// ~/.gemini/tmp): taken from the payload's transcript_path when it lies
// there, else the project folder's base name lower-cased with every other
// character a dash (ProjectRegistry.slugify; the registry adds -1, -2 for
// a second project of the same name, which only the transcript shows).
func projectID(ev *runner.Event) string {
	if p := filepath.ToSlash(ev.TranscriptPath); p != "" {
		if i := strings.Index(p, "/.gemini/tmp/"); i >= 0 {
			if id, _, ok := strings.Cut(p[i+len("/.gemini/tmp/"):], "/"); ok && id != "" {
				return id
			}
		}
	}
	dir := ev.Cwd
	if dir == "" {
		dir = ev.Workspace
	}
	s := slugNonAlnum.Get().ReplaceAllString(strings.ToLower(filepath.Base(dir)), "-")
	s = strings.Trim(slugDashes.Get().ReplaceAllString(s, "-"), "-")
	if s == "" {
		return "project"
	}
	return s
}

// geminiHome is the folder Gemini CLI keeps its user files in:
// $GEMINI_CLI_HOME/.gemini when that is set, else ~/.gemini.
func geminiHome(getenv func(string) string, home string) string {
	if h := getenv("GEMINI_CLI_HOME"); h != "" {
		return filepath.Join(h, ".gemini")
	}
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return filepath.Join(home, ".gemini")
}

// plansDir is GEMINI_PLANS_DIR for ev: <gemini home>/tmp/<project id>/<session>/plans.
func plansDir(ev *runner.Event, base []string) string {
	gh := geminiHome(func(k string) string { return hookkit.EnvValue(base, k) }, hookkit.EnvValue(base, "HOME"))
	dir := filepath.Join(gh, "tmp", projectID(ev))
	if ev.SessionID != "" {
		dir = filepath.Join(dir, ev.SessionID)
	}
	return filepath.Join(dir, "plans")
}

func jsonUnmarshalString(raw json.RawMessage, s *string) error { return json.Unmarshal(raw, s) }
