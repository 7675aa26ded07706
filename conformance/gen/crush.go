package gen

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/internal/oracletest"
)

// Crush recordings (the Crush oracle's layout, a peer's): the case's
// hooks.json fragment merged into the project's crush.json (or
// .crush.json, or the global ~/.config/crush/crush.json), hook scripts in
// <PROJECT>/hooks; observed.json's tool_calls hold what the model got
// for each call (db_tool_result: Crush's stored result, hook metadata).
// Crush fires PreToolUse only.

var crushValues = map[string]string{"<SESSION>": "0f0e0d0c-0b0a-4909-8807-060504030201"}

// crushVars are the variables Crush sets for hooks that the suite
// compares (its shell package's non-interactive variables aside).
var crushVars = []string{"CRUSH", "AGENT", "AI_AGENT", "CRUSH_EVENT", "CRUSH_TOOL_NAME", "CRUSH_SESSION_ID",
	"CRUSH_CWD", "CRUSH_PROJECT_DIR", "CRUSH_TOOL_INPUT_COMMAND", "CLAUDE_PROJECT_DIR"}

func crushSession(c *oracletest.Case) (*conformance.Session, string, error) {
	var obs struct {
		Version   string `json:"crush_version"`
		ToolCalls []struct {
			ID     string `json:"call_id"`
			Result struct {
				Content string `json:"content"`
			} `json:"db_tool_result"`
		} `json:"tool_calls"`
	}
	remarshal(c.Observed, &obs)
	version := strings.TrimPrefix(strings.TrimPrefix(obs.Version, "crush version "), "v")
	s := &conformance.Session{Version: version, Files: map[string]string{}, Values: crushValues}
	if err := caseFiles(c, "<PROJECT>/hooks", s.Files, &s.Executable, func(x string) string { return x }); err != nil {
		return nil, "", err
	}
	data, err := os.ReadFile(filepath.Join(c.Dir, "hooks.json"))
	if err != nil {
		return nil, "", err
	}
	r := strings.NewReplacer("{{HOOKS}}", "<PROJECT>/hooks", "{{PROJECT}}", "<PROJECT>", "{{HOME}}", "<HOME>", "{{CAPTURES}}", "<CAPTURES>", "{{TMP}}", "<TMP>")
	dst := map[string]string{"": "<PROJECT>/crush.json", "project": "<PROJECT>/crush.json", "project-hidden": "<PROJECT>/.crush.json",
		"global": "<HOME>/.config/crush/crush.json"}[c.String("hooks_location")]
	if dst == "" {
		return nil, "case.json hooks_location " + c.String("hooks_location") + " is not known", nil
	}
	s.Files[dst] = r.Replace(string(data))
	specFiles(c, s.Files, r.Replace)
	s.GitInit = c.Spec["git_init"] == true
	s.Launch = conformance.Launch{Args: stringsOf(c.Observed["argv"]), Cwd: "<PROJECT>", Env: map[string]string{
		"HOME": "<HOME>", "TERM": "dumb", "LANG": "C.UTF-8", "TMPDIR": "<TMP>/tmp", "SHELL": "/bin/bash",
		"CRUSH_DISABLE_METRICS": "1", "DO_NOT_TRACK": "1", "ORACLE_MARKER": "inherited-from-launch-env"}}
	for _, o := range group(c, 1500, 0, true) {
		cs := conformance.Case{Event: o.event, Payload: string(o.stdin), Omitted: map[string]string{}}
		hooks := []conformance.HookRun{}
		for _, run := range o.runs {
			hooks = append(hooks, hookRun(run, crushVars, func(x string) string { return x }))
		}
		cs.Expect.Hooks = &hooks
		var in struct {
			ToolInput json.RawMessage `json:"tool_input"`
		}
		_ = json.Unmarshal(o.stdin, &in)
		// Crush's payload carries no call id: the k-th PreToolUse is the
		// k-th call.
		k := 0
		for _, x := range s.Cases {
			if x.Event == "PreToolUse" {
				k++
			}
		}
		if k < len(obs.ToolCalls) {
			out := obs.ToolCalls[k].Result.Content
			switch {
			case strings.HasPrefix(out, "Tool call blocked by hook."):
				cs.Expect.ToolRuns = ptr(false)
				cs.Expect.Texts = &[]conformance.Text{{Text: out, Placement: "tool_result"}}
			case strings.HasPrefix(out, "Turn halted by hook."):
				// The halt's text is stored, but no request sends it.
				cs.Expect.ToolRuns = ptr(false)
				cs.Expect.Stops = ptr("halted")
				cs.Expect.Texts = &[]conformance.Text{}
			default:
				cs.Expect.ToolRuns = ptr(true)
				cs.Omitted["texts"] = "a hook's context is appended to the tool's own output, which an implementation does not produce"
			}
		}
		if len(cs.Omitted) == 0 {
			cs.Omitted = nil
		}
		s.Cases = append(s.Cases, cs)
	}
	return s, "", nil
}
