package gemini

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// fromPayload translates a Gemini CLI hook payload (the JSON Gemini writes
// to a hook's stdin) into a native event: tool and argument names through
// vocab (an MCP tool, which carries mcp_context, becomes
// mcp__<server>__<tool>), SessionStart's source and SessionEnd's reason
// mapped to the native reasons (clear is new), an AfterTool payload of a
// failed call (tool_response.error) read as post_tool_failure, keys
// without a native field kept in Extra in their order (timestamp,
// mcp_context, llm_request, …). workspace is the project directory when
// the payload's cwd is empty. Errors: not a JSON object, no
// hook_event_name, an event Gemini CLI does not have, or a field of the
// wrong type.
func fromPayload(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, error) {
	return agent.FromPayload(data, workspace, vocab)
}

// afterRead completes an event read from a Gemini payload: an MCP call's
// tool is mcp__<server>__<tool> (mcp_context), and the one AfterTool
// event of a failed call, whose tool_response carries error {message,
// type}, is the row's failure event (post_tool_failure) with its message.
func afterRead(r *geminicore.Row, ev *runner.Event) {
	if mcp, ok := ev.Extra.Get("mcp_context"); ok {
		var c struct {
			Server string `json:"server_name"`
			Tool   string `json:"tool_name"`
		}
		if json.Unmarshal(mcp, &c) == nil && c.Server != "" && c.Tool != "" {
			ev.Tool = "mcp__" + c.Server + "__" + c.Tool
		}
	}
	if r.Failure != "" {
		if e := gjson.GetBytes(ev.Result, "error"); e.IsObject() {
			ev.Name = r.Failure
			ev.Error = e.Get("message").String()
		}
	}
}

// toolName is the Gemini CLI name of native tool t: the vocabulary's, and
// for an MCP tool mcp__<server>__<tool> its mcp_<server>_<tool>.
func toolName(vocab *translate.Vocabulary, t string) string {
	if rest, ok := strings.CutPrefix(t, "mcp__"); ok {
		if server, tool, ok := strings.Cut(rest, "__"); ok {
			return "mcp_" + server + "_" + tool
		}
	}
	return vocab.Name(translate.Native, Dialect, t)
}

// payloadBytes builds the stdin bytes a Gemini CLI hook receives for ev: the
// payload as JSON.stringify writes it (compact, no trailing newline), the
// common keys first (session_id, transcript_path, cwd, hook_event_name,
// timestamp), then the event's keys in Gemini's order, then any other
// Extra key in its order. Fields the native event lacks get Gemini's
// values: timestamp is now (ISO 8601, milliseconds, UTC) unless the event
// carries one, AfterAgent's prompt_response is "[no response text]" when
// empty, SessionStart's source "startup", SessionEnd's reason "exit",
// PreCompress' trigger "auto".
func payloadBytes(ev *runner.Event, vocab *translate.Vocabulary) ([]byte, error) {
	return agent.Payload(ev, vocab, nil)
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
	dir := geminicore.CwdOf(ev)
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
