package phi

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// request is the JSON object a Phi hook reads on stdin (phi §5). Field
// order is Phi's; encoding/json gives Phi's escaping: <, > and & as
// \u003c, \u003e, \u0026, U+2028/U+2029 escaped, invalid UTF-8 as U+FFFD,
// and input compacted with its escapes and number spellings kept.
type request struct {
	SessionID string          `json:"session_id"`
	Cwd       string          `json:"cwd"`
	HookEvent string          `json:"hook_event"`
	Tool      string          `json:"tool"`
	ToolUseID string          `json:"tool_use_id"`
	Input     json.RawMessage `json:"input"`
	Output    string          `json:"output,omitempty"`
	Error     string          `json:"error,omitempty"`
}

// hookEvent is the Phi event name of a native event: pre_tool for
// pre_tool, post_tool for post_tool and post_tool_failure (Phi runs its
// post hooks after failed tools too); other events keep their native name.
func hookEvent(e settings.Event) string {
	if row := eventOf(e); row != nil {
		return row.name
	}
	return string(e)
}

// requestBytes returns the exact bytes a Phi hook receives on stdin for ev
// (phi §5): one compact JSON object with the keys session_id, cwd,
// hook_event, tool, tool_use_id, input, then output and error only when
// not empty, followed by a newline. tool is the Phi name of ev.Tool and
// input ev.Args with Phi's argument names (null when there are none);
// output is ev.Result as text (a JSON string's value, other JSON as its
// compact text) or, when the result is empty, the error text, as Phi's
// executor passes a failed tool's error as both output and error.
//
// Args that are not valid JSON cannot be encoded: the error is Phi's
// ("json: error calling MarshalJSON for type json.RawMessage: …"), and
// every hook fails with it without being started. Tool and argument
// names go through the default vocabulary (an engine's Phi protocol uses
// its own).
func requestBytes(ev *runner.Event) ([]byte, error) { return newProtocol(nil).request(ev) }

func (p *phiProtocol) request(ev *runner.Event) ([]byte, error) {
	r := request{
		SessionID: ev.SessionID,
		Cwd:       firstNonEmpty(ev.Cwd, ev.Workspace),
		HookEvent: hookEvent(ev.Name),
		Tool:      p.vocab.Name(translate.Native, Dialect, ev.Tool),
		ToolUseID: ev.ToolCallID,
	}
	if args := bytes.TrimSpace(ev.Args); len(args) > 0 {
		r.Input = p.vocab.Args(translate.Native, Dialect, ev.Tool, args)
	}
	if row := eventOf(ev.Name); row != nil && !row.gate {
		r.Output = resultText(ev.Result)
		if r.Output == "" {
			r.Output = ev.Error
		}
		r.Error = ev.Error
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// resultText is a native tool result as Phi's output text: the value of a
// JSON string, the compact text of any other JSON value, "" for none.
func resultText(result json.RawMessage) string {
	t := bytes.TrimSpace(result)
	if len(t) == 0 || string(t) == "null" {
		return ""
	}
	if t[0] == '"' {
		var s string
		if json.Unmarshal(t, &s) == nil {
			return s
		}
	}
	var c bytes.Buffer
	if json.Compact(&c, t) == nil {
		return c.String()
	}
	return string(t)
}

// sensitive are the substrings that remove an environment variable from
// a Phi hook's environment when its upper-cased name contains one
// (phi §4, Phi's exact list):
//
//	API_KEY, SECRET, TOKEN, PASSWORD, CREDENTIAL, PRIVATE_KEY,
//	AUTHORIZATION, BEARER, OAUTH, AWS_ACCESS_KEY, AWS_SECRET,
//	AWS_SESSION_TOKEN, PHI_API_KEY
//
// The last four are covered by earlier entries and kept for fidelity.
// Matching is by substring: GITHUB_TOKEN, TOKENIZERS_PARALLELISM and
// GOOGLE_APPLICATION_CREDENTIALS are removed, OPENAI_KEY, APIKEY, PASSWD
// and GH_PAT pass through.
var sensitive = []string{
	"API_KEY", "SECRET", "TOKEN", "PASSWORD", "CREDENTIAL", "PRIVATE_KEY",
	"AUTHORIZATION", "BEARER", "OAUTH", "AWS_ACCESS_KEY", "AWS_SECRET",
	"AWS_SESSION_TOKEN", "PHI_API_KEY",
}

// phiVars are the variables Phi sets for every hook, replacing inherited
// values.
var phiVars = []string{"PHI_HOOK_EVENT", "PHI_SESSION_ID", "PHI_CWD", "PHI_PROJECT_DIR"}

// isSensitive reports whether Phi keeps the variable name from its hooks.
func isSensitive(name string) bool {
	up := strings.ToUpper(name)
	for _, s := range sensitive {
		if strings.Contains(up, s) {
			return true
		}
	}
	return false
}

// hookEnv returns a Phi hook's environment for ev (phi §4): base (the
// engine's, "KEY=value", order kept) without the sensitive variables
// (see isSensitive) and without PHI_HOOK_EVENT, PHI_SESSION_ID, PHI_CWD
// and PHI_PROJECT_DIR, then those four appended: the Phi event, the
// session id, the cwd and the project directory. They are set even when
// empty. Phi's project directory is its cwd (the workspace); here it is
// the native workspace, which is the same directory when the agent works
// in its workspace root.
func hookEnv(base []string, ev *runner.Event) []string {
	out := make([]string, 0, len(base)+len(phiVars))
next:
	for _, kv := range base {
		name, _, _ := strings.Cut(kv, "=")
		if isSensitive(name) {
			continue
		}
		for _, v := range phiVars {
			if name == v {
				continue next
			}
		}
		out = append(out, kv)
	}
	cwd := firstNonEmpty(ev.Cwd, ev.Workspace)
	return append(out,
		"PHI_HOOK_EVENT="+hookEvent(ev.Name),
		"PHI_SESSION_ID="+ev.SessionID,
		"PHI_CWD="+cwd,
		"PHI_PROJECT_DIR="+firstNonEmpty(ev.Workspace, cwd),
	)
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
