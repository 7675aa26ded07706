package gemini_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat"
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/gemini"
	"github.com/hookcompat/hookcompat/compat/internal/geminicore/geminitest"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// The three roots of Gemini CLI recordings: the shared oracle's cases, our
// own committed recordings, and the folders of the environment variable.
const (
	sharedCases = "../../../shared/gemini-oracle/cases"
	ourCases    = "../../testdata/recordings/gemini"
	casesEnv    = "HOOKCOMPAT_GEMINI_ORACLE_CASES"
)

// TestGeminiOracleReplay drives every recorded Gemini CLI event through
// the engine, with the case's own settings and hook scripts, and compares
// what happened with what Gemini CLI 0.61.0 did: which hooks ran (and
// their order when sequential), the exact stdin bytes, the environment
// Gemini added, argv, cwd and exit status of each hook, the decision (did
// the call run, was the prompt sent, did the turn continue), the
// effective tool input and the text the model got.
func TestGeminiOracleReplay(t *testing.T) {
	dirs := oracletest.Dirs(t, sharedCases, ourCases, casesEnv)
	for _, d := range dirs {
		t.Run(filepath.Base(filepath.Dir(d))+"/"+filepath.Base(d), func(t *testing.T) {
			t.Parallel()
			for _, p := range replayGemini(t, d) {
				t.Error(p)
			}
		})
	}
}

// TestGeminiReplayFailsOnAlteredRecording: the replay is not blind — each
// deliberate change of a recording (a hook's stdin, the tool result the
// model got, an environment variable, which hooks ran, the continuation
// text) makes it report a mismatch.
func TestGeminiReplayFailsOnAlteredRecording(t *testing.T) {
	geminitest.CheckAlterations(t, ourCases, []geminitest.Alteration{
		{Name: "stdin", From: "hc_bt_exit2_json_allow", File: "capture", Alter: func(b []byte) []byte { return bytes.Replace(b, []byte(`"echo RAN-E2A`), []byte(`"echo ALTERED`), 1) }},
		{Name: "decision", From: "hc_bt_exit2_json_stdout_deny", File: "observed", Alter: func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte("Tool execution blocked: JSON-REASON-E2"), []byte("Tool execution blocked: OTHER"))
		}},
		{Name: "env", From: "hc_bt_exit1_text", File: "observed", Alter: func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"GEMINI_CWD": "<PROJECT>"`), []byte(`"GEMINI_CWD": "<HOME>"`), 1)
		}},
		{Name: "hooks", From: "hc_cfg_both_scopes_order", File: "observed", Alter: func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"name": "proj_b"`), []byte(`"name": "user_a"`), 1)
		}},
		{Name: "continuation", From: "hc_aa_after_tool_turn", File: "observed", Alter: func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`"CONTINUE-PLEASE"`), []byte(`"SOMETHING-ELSE"`))
		}},
		{Name: "rejected call", From: "gp_bt_write_guard_env_exit2", File: "observed", Alter: func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`"invalid_tool_params"`), []byte(`"execution_failed"`))
		}},
		{Name: "model text", From: "hc_at_two_contexts", File: "observed", Alter: func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`CTX-B &lt;b&gt;`), []byte(`CTX-B <b>`))
		}},
	}, replayGemini)
}

// world is one replay of a Gemini CLI case.
type world struct {
	*geminitest.World
	eng                     *runner.Engine
	turnUserTexts           [][]string // per model turn: text parts of its new user contents
	turnLastText            []string   // per model turn: the last text part of its new user content
	stderr                  []string
	streamWarnings          []string
	callsBefore, callsAfter map[int]bool
	beforeOf                map[int]*gemini.Rendering
	afterOf                 map[int]*gemini.Rendering
	afterInput              map[int]json.RawMessage
	stoppedMessages         map[string]bool
	beforeModelOcc, btsOcc  []*gemini.Rendering
	afterAgent              []afterAgentOcc
	views                   map[*gemini.Rendering][]format.ModelText // the model view of each event
	firstPromptText         string
	skipTrust               bool
}

type afterAgentOcc struct {
	run    oracletest.HookRun
	render *gemini.Rendering
}

const (
	replaySession = "5f0c2a1e-8b7d-4c3e-9a10-0123456789ab"
	replayPort    = "45123"
)

// geminiOracle is how the Gemini oracle laid out its cases.
func geminiOracle(w *world) *geminitest.Agent {
	return &geminitest.Agent{
		Label: "Gemini", Format: gemini.Name, Dir: ".gemini", HomeKey: "GEMINI_HOME",
		SystemDir: "gemini-cli", SystemEnv: "GEMINI_CLI_SYSTEM_SETTINGS_PATH", DefaultsEnv: "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
		Session: replaySession, DefaultTrust: "file",
		Placeholders: func(*geminitest.World) oracletest.Placeholders {
			return oracletest.Placeholders{"<SID8>": replaySession[:8], "<PORT>": replayPort}
		},
		Launch: func(*geminitest.World) []string {
			return []string{"GEMINI_API_KEY=dummy", "GOOGLE_GEMINI_BASE_URL=http://127.0.0.1:" + replayPort}
		},
		Trusted: func(rw *geminitest.World) func(string, string) bool {
			w.skipTrust = rw.Case.String("trust") == "skip-trust"
			for _, a := range rw.Obs.Get("argv").Array() {
				if a.String() == "--skip-trust" {
					w.skipTrust = true
				}
			}
			return func(string, string) bool { return w.skipTrust || gemini.TrustedFolder(rw.AgentDir, rw.Proj) }
		},
	}
}

func replayGemini(t *testing.T, dir string) []string {
	w := &world{}
	rw, err := geminitest.New(t, geminiOracle(w), dir)
	if err != nil {
		return []string{err.Error()}
	}
	w.World = rw
	if err := w.build(); err != nil {
		return []string{"building the replay: " + err.Error()}
	}
	switch w.Obs.Get("exit_code").Int() {
	case 52:
		// Gemini refused its settings: no hook of any source may load.
		w.expectNoHooks("Gemini CLI exited 52 (a settings file does not parse)")
		return w.Problems
	case 55:
		w.expectNoHooks("Gemini CLI exited 55 (untrusted folder, headless)")
		return w.Problems
	}
	w.run()
	return w.Problems
}

func (w *world) build() error {
	if err := w.Build(); err != nil {
		return err
	}
	var err error
	w.eng, err = compat.NewEngine(w.Loaded, runner.Options{Workspace: w.Proj, Env: w.Launch})
	if err != nil {
		return err
	}
	for _, mt := range w.Obs.Get("model_turns").Array() {
		var texts []string
		last := ""
		for _, content := range mt.Get("new_contents_since_last_model_output").Array() {
			if content.Get("role").String() != "user" {
				continue
			}
			for _, part := range content.Get("parts").Array() {
				if tx := part.Get("text"); tx.Exists() {
					texts = append(texts, tx.String())
					last = tx.String()
				}
			}
		}
		w.turnUserTexts = append(w.turnUserTexts, texts)
		w.turnLastText = append(w.turnLastText, last)
	}
	for _, l := range w.Obs.Get("stderr_lines").Array() {
		w.stderr = append(w.stderr, l.String())
	}
	for _, e := range w.Obs.Get("stream_events").Array() {
		if e.Get("type").String() == "error" {
			w.streamWarnings = append(w.streamWarnings, e.Get("message").String())
		}
	}
	return nil
}

func (w *world) expectNoHooks(why string) {
	if len(w.Case.HookRuns) > 0 {
		w.Problem("%s, yet the recording has hook runs", why)
	}
	for _, h := range w.Loaded.Config.Hooks {
		if h.Protocol == gemini.Name && h.Source.Scope != gemini.ScopeExtension {
			w.Problem("%s, but hookcompat loads the Gemini hook %s (%s)", why, h.Label(), h.Source)
		}
	}
}

// chained is the payload field a sequential plan changes for the next
// hook of an event.
var chained = map[string]string{"BeforeAgent": "prompt", "BeforeTool": "tool_input", "BeforeModel": "llm_request"}

func (w *world) run() {
	occs := w.mergeRepeats(oracletest.Group(w.Case.HookRuns, w.SameEvent(chained)))
	w.callsBefore, w.callsAfter = map[int]bool{}, map[int]bool{}
	w.beforeOf, w.afterOf = map[int]*gemini.Rendering{}, map[int]*gemini.Rendering{}
	w.afterInput = map[int]json.RawMessage{}
	w.views = map[*gemini.Rendering][]format.ModelText{}
	w.stoppedMessages = map[string]bool{}
	for _, e := range w.Obs.Get("stream_events").Array() {
		if e.Get("type").String() == "tool_result" && e.Get("error.type").String() == "stop_execution" {
			w.stoppedMessages[e.Get("output").String()] = true
		}
	}
	w.firstPromptText = promptOf(w.Case)
	synth := w.synthesized(occs)
	occs = append(occs, synth...)
	for i, occ := range occs {
		w.occurrence(i, occ, i >= len(occs)-len(synth))
	}
	w.checkCalls()
	w.checkAfterAgent()
	w.checkModelEvents()
}

// mergeRepeats joins consecutive occurrences that Group split because a
// hook script ran twice, when the recording shows it was one event: two
// hooks of one event using the same script (as a named and an unnamed
// copy). A BeforeTool or AfterTool event with one payload happens once
// per recorded call with that input; SessionStart and SessionEnd once per
// run.
func (w *world) mergeRepeats(occs [][]oracletest.HookRun) [][]oracletest.HookRun {
	calls := map[string]int{}
	for _, tc := range w.Obs.Get("tool_calls").Array() {
		calls[tc.Get("name").String()+"\x00"+string(geminitest.CompactOr([]byte(tc.Get("input_from_model").Raw)))]++
	}
	key := func(r *oracletest.HookRun) string {
		return gjson.GetBytes(r.Stdin, "tool_name").String() + "\x00" + string(geminitest.CompactOr([]byte(gjson.GetBytes(r.Stdin, "tool_input").Raw)))
	}
	count := map[string]int{}
	for _, o := range occs {
		if o[0].Event == "BeforeTool" {
			count[key(&o[0])]++
		}
	}
	var out [][]oracletest.HookRun
	for _, o := range occs {
		if n := len(out); n > 0 {
			prev := out[n-1]
			same := prev[0].Event == o[0].Event && bytes.Equal(geminitest.CompactOr(prev[0].Stdin), geminitest.CompactOr(o[0].Stdin))
			switch {
			case same && (o[0].Event == "SessionStart" || o[0].Event == "SessionEnd"):
				out[n-1] = append(prev, o...)
				continue
			case same && o[0].Event == "BeforeTool" && count[key(&o[0])] > calls[key(&o[0])]:
				count[key(&o[0])]--
				out[n-1] = append(prev, o...)
				continue
			}
		}
		out = append(out, o)
	}
	return out
}

func promptOf(c *oracletest.Case) string {
	if p := c.String("prompt"); p != "" {
		return p
	}
	return "do it"
}

// synthesized are BeforeTool events Gemini fired for tool calls without
// any hook recording them (every matcher missed, or the only hooks were
// disabled): replayed, no hook may run and the call must run.
func (w *world) synthesized(occs [][]oracletest.HookRun) [][]oracletest.HookRun {
	hasBefore := false
	for _, h := range w.Loaded.Config.Hooks {
		if h.Event == settings.PreTool {
			hasBefore = true
		}
	}
	settingsHaveBefore := strings.Contains(w.Obs.Get("settings").Raw, `"BeforeTool"`)
	if !hasBefore && !settingsHaveBefore {
		return nil
	}
	seen := map[string]int{}
	for _, occ := range occs {
		if occ[0].Event == "BeforeTool" {
			seen[gjson.GetBytes(occ[0].Stdin, "tool_input").Raw]++
		}
	}
	var out [][]oracletest.HookRun
	notRegistered := map[string]bool{}
	invalid := map[string]bool{} // tool_ids whose arguments Gemini rejected
	for _, e := range w.Obs.Get("stream_events").Array() {
		if e.Get("type").String() != "tool_result" {
			continue
		}
		switch e.Get("error.type").String() {
		case "tool_not_registered":
			notRegistered[e.Get("tool_id").String()] = true
		case "invalid_tool_params":
			invalid[e.Get("tool_id").String()] = true
		}
	}
	for _, tc := range w.Obs.Get("tool_calls").Array() {
		in := geminitest.CompactOr([]byte(tc.Get("input_from_model").Raw))
		if out := tc.Get("output_sent_to_model.error").String(); strings.Contains(out, "not found") && len(notRegistered) > 0 {
			continue // the tool is not registered: Gemini fires no BeforeTool
		}
		if id := tc.Get("call_id").String(); id != "" && invalid[tc.Get("name").String()+"__"+id] {
			continue // the model's arguments failed the tool's own validation (a path outside the workspace, a schema error) before any hook
		}
		key := ""
		for k := range seen {
			if string(geminitest.CompactOr([]byte(k))) == string(in) && seen[k] > 0 {
				key = k
			}
		}
		if key != "" {
			seen[key]--
			continue
		}
		var o bytes.Buffer
		o.WriteString(`{"session_id":"<SESSION>","transcript_path":"<GEMINI_HOME>/tmp/proj/chats/session-<TIMESTAMP>-<SID8>.jsonl","cwd":"<PROJECT>","hook_event_name":"BeforeTool","timestamp":"<TIMESTAMP>","tool_name":`)
		name, _ := json.Marshal(tc.Get("name").String())
		o.Write(name)
		o.WriteString(`,"tool_input":`)
		o.Write(in)
		o.WriteString("}")
		out = append(out, []oracletest.HookRun{{Index: -1, Event: "BeforeTool", Stdin: o.Bytes()}})
	}
	return out
}

func (w *world) occurrence(i int, occ []oracletest.HookRun, synthetic bool) {
	first := &occ[0]
	where := fmt.Sprintf("event %d (%s", i+1, first.Event)
	if synthetic {
		where += ", no hook recorded it"
	} else {
		where += fmt.Sprintf(", hook run %d", first.Index+1)
	}
	where += ")"
	ev, ok := w.ReadEvent(where, geminitest.CompactOr(geminitest.StdinOf(first)))
	if !ok {
		return
	}
	w.ClearCaptures()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := w.eng.Fire(ctx, ev)
	if err != nil {
		w.Problem("%s: fire: %v", where, err)
		return
	}
	caps, err := oracletest.ReadCaptures(w.Captures)
	if err != nil {
		w.Problem("%s: captures: %v", where, err)
		return
	}
	if !synthetic {
		w.CompareRuns(where, occ, caps, geminitest.Runs{Stdin: elideModelRequest, SkipEnv: w.launcherEnv, ExitComparable: w.exitComparable})
	} else if len(caps) > 0 {
		var names []string
		for _, c := range caps {
			names = append(names, c.Name)
		}
		w.Problem("%s: Gemini ran no recorded hook, hookcompat ran %v", where, names)
	}
	f, _ := format.Lookup(gemini.Name)
	rd := f.(format.Renderer).Render(out, w.Loaded.Vocabulary).(*gemini.Rendering)
	w.views[rd] = compat.ModelView(out, w.Loaded.Vocabulary)
	w.checkRendering(where, first, rd, synthetic)
}

// launcherEnv are variables Gemini CLI sets on itself (its relaunch,
// --skip-trust), not its hook runner.
func (w *world) launcherEnv(k string) bool {
	return k == "GEMINI_CLI_NO_RELAUNCH" || (k == "GEMINI_CLI_TRUST_WORKSPACE" && w.skipTrust)
}

// exitComparable: a hook that ran past its timeout in Gemini (which never
// SIGKILLs a hook ignoring SIGTERM) is killed by hookcompat after the
// grace period; its exit status differs by design.
func (w *world) exitComparable(r *oracletest.HookRun) bool {
	if r.EndMS == nil {
		return false
	}
	for _, h := range w.Loaded.Config.Hooks {
		if strings.Contains(h.Command, "/"+r.Name+".sh") && h.Timeout > 0 && time.Duration((*r.EndMS-r.StartMS)*float64(time.Millisecond)) > h.Timeout {
			return false
		}
	}
	return true
}

// callFor finds the recorded tool call of a BeforeTool/AfterTool payload:
// the first call of that name not taken yet by an event of the same kind
// whose model input equals the payload's tool_input (AfterTool: any call
// taken by a BeforeTool event when the input was rewritten).
func (w *world) callFor(stdin []byte, after bool) int {
	name := gjson.GetBytes(stdin, "tool_name").String()
	in := string(geminitest.CompactOr([]byte(gjson.GetBytes(stdin, "tool_input").Raw)))
	taken := w.callsBefore
	if after {
		taken = w.callsAfter
		if orig := gjson.GetBytes(stdin, "original_request_name"); orig.Exists() {
			return -1 // a tail call: its result replaces the original call's
		}
	}
	calls := w.Obs.Get("tool_calls").Array()
	for i, tc := range calls {
		if !taken[i] && tc.Get("name").String() == name && string(geminitest.CompactOr([]byte(tc.Get("input_from_model").Raw))) == in {
			taken[i] = true
			return i
		}
	}
	if after {
		for i, tc := range calls {
			if !taken[i] && tc.Get("name").String() == name && w.callsBefore[i] {
				taken[i] = true
				return i
			}
		}
	}
	return -1
}

func (w *world) checkRendering(where string, first *oracletest.HookRun, rd *gemini.Rendering, synthetic bool) {
	stdin := geminitest.CompactOr(first.Stdin)
	switch first.Event {
	case "BeforeTool":
		if i := w.callFor(stdin, false); i >= 0 {
			w.beforeOf[i] = rd
		} else if !gjson.GetBytes(stdin, "original_request_name").Exists() && w.Obs.Get("tool_calls.#").Int() > 0 {
			w.Problem("%s: the payload's call %s %s is none the model made", where, gjson.GetBytes(stdin, "tool_name").String(), gjson.GetBytes(stdin, "tool_input").Raw)
		}
	case "AfterTool":
		if i := w.callFor(stdin, true); i >= 0 {
			w.afterOf[i] = rd
			w.afterInput[i] = json.RawMessage(gjson.GetBytes(stdin, "tool_input").Raw)
		}
	case "BeforeAgent":
		prompt := w.Normalized(w.Ph.Expand(gjson.GetBytes(stdin, "prompt").String()))
		turn := -1
		for ti, texts := range w.turnUserTexts {
			for _, tx := range texts {
				if tx == prompt {
					turn = ti
				}
			}
			if turn >= 0 {
				break
			}
		}
		switch {
		case rd.Blocked || rd.Stops:
			if turn >= 0 {
				w.Problem("%s: hookcompat blocks the prompt %q, Gemini sent it (model turn %d)", where, prompt, turn)
			}
			for _, u := range rd.UserText {
				if strings.HasPrefix(u, "Agent execution blocked: ") && !w.sawWarning(u) {
					w.Problem("%s: hookcompat shows %q, Gemini did not", where, u)
				}
			}
		case turn < 0:
			if len(w.turnUserTexts) > 0 && prompt == w.firstPromptText {
				w.Problem("%s: Gemini did not send the prompt %q, hookcompat lets it through", where, prompt)
			}
		default:
			texts := w.turnUserTexts[turn]
			k := 0
			for k < len(texts) && texts[k] != prompt {
				k++
			}
			after := texts[k+1:]
			var ctxParts []string
			for _, a := range after {
				if strings.HasPrefix(a, "<hook_context>") {
					ctxParts = append(ctxParts, a)
				}
			}
			if strings.Join(ctxParts, "\x00") != strings.Join(rd.PromptParts, "\x00") {
				w.Problem("%s: parts after the prompt: Gemini %q, hookcompat %q", where, ctxParts, rd.PromptParts)
			}
		}
	case "SessionStart":
		px := rd.PromptPrefix
		want := px + w.firstPromptText
		found := false
		for _, texts := range w.turnUserTexts {
			for _, tx := range texts {
				if strings.HasSuffix(tx, w.firstPromptText) && strings.HasPrefix(tx, "<hook_context>") == (px != "") {
					found = found || tx == want
				}
			}
		}
		for _, r := range w.Case.HookRuns {
			if r.Event == "BeforeAgent" {
				if p := gjson.GetBytes(r.Stdin, "prompt").String(); strings.HasSuffix(p, w.firstPromptText) {
					found = found || p == want
				}
				break
			}
		}
		if !found && (len(w.turnUserTexts) > 0 || px != "") {
			w.Problem("%s: the first prompt is not %q in the recording", where, want)
		}
	case "AfterAgent":
		w.afterAgent = append(w.afterAgent, afterAgentOcc{run: *first, render: rd})
	case "BeforeModel":
		w.beforeModelOcc = append(w.beforeModelOcc, rd)
		if rd.Blocked {
			w.expectWarning(where, rd)
			if rd.LLMResponse != nil {
				var parts []string
				for _, p := range gjson.GetBytes(rd.LLMResponse, "candidates.0.content.parts").Array() {
					parts = append(parts, p.String())
				}
				if txt := strings.Join(parts, ""); !strings.Contains(w.Obs.Get("final_response").String(), txt) {
					w.Problem("%s: the synthetic answer %q is not Gemini's final response %q", where, txt, w.Obs.Get("final_response").String())
				}
			}
		}
	case "BeforeToolSelection":
		w.btsOcc = append(w.btsOcc, rd)
	case "AfterModel":
		if rd.Blocked {
			w.expectWarning(where, rd)
		}
		if rd.LLMResponse != nil {
			var parts []string
			for _, p := range gjson.GetBytes(rd.LLMResponse, "candidates.0.content.parts").Array() {
				parts = append(parts, p.String())
			}
			if txt := strings.Join(parts, ""); !strings.Contains(w.Obs.Get("final_response").String(), txt) {
				w.Problem("%s: the replaced chunk %q is not in Gemini's final response %q", where, txt, w.Obs.Get("final_response").String())
			}
		}
	}
	for _, u := range rd.UserText {
		if msg, ok := strings.CutPrefix(u, "Hook system message: "); ok {
			line, _, _ := strings.Cut(msg, "\n")
			if !w.inStderr("Hook system message: " + line) {
				w.Problem("%s: hookcompat shows %q, Gemini's stderr has no such line", where, "Hook system message: "+line)
			}
		}
	}
}

func (w *world) inStderr(line string) bool {
	for _, l := range w.stderr {
		if w.Normalized(w.Ph.Expand(l)) == w.Normalized(w.Ph.Expand(line)) || l == line {
			return true
		}
	}
	return false
}

func (w *world) sawWarning(msg string) bool {
	msg = w.Normalized(msg)
	for _, s := range w.streamWarnings {
		if s == msg {
			return true
		}
	}
	return w.inStderr(msg) || w.inStderr("[WARNING] "+msg)
}

func (w *world) expectWarning(where string, rd *gemini.Rendering) {
	for _, u := range rd.UserText {
		if strings.HasPrefix(u, "Agent execution blocked: ") && !w.sawWarning(u) {
			w.Problem("%s: hookcompat shows %q, Gemini did not", where, u)
		}
	}
}

// checkCalls compares, per recorded tool call, what hookcompat's
// renderings of its BeforeTool and AfterTool events predict with what the
// model got.
func (w *world) checkCalls() {
	for i, tc := range w.Obs.Get("tool_calls").Array() {
		where := fmt.Sprintf("tool call %d (%s)", i+1, tc.Get("name").String())
		got := tc.Get("output_sent_to_model")
		gotOut := ""
		if got.Exists() && got.Type != gjson.Null {
			gotOut = string(geminitest.CompactOr([]byte(got.Raw)))
		}
		before, after := w.beforeOf[i], w.afterOf[i]
		stopped := func(r *gemini.Rendering) bool { return r != nil && r.Stops }
		switch {
		case stopped(before) || stopped(after):
			if gotOut != "" {
				w.Problem("%s: hookcompat stops the agent, Gemini sent the model %s", where, gotOut)
			}
			continue
		case before != nil && before.Asks:
			if gotOut != "" || w.Obs.Get("exit_code").Int() != 124 {
				w.Problem("%s: hookcompat asks for a confirmation (Gemini waits for it headless), Gemini went on", where)
			}
			continue
		case before != nil && before.ToolRuns != nil && !*before.ToolRuns:
			want := w.Normalized(string(before.ToolResponse))
			if gotOut != want {
				w.Problem("%s: Gemini sent the model %s, hookcompat %s", where, gotOut, want)
			}
			w.ViewHas(where, w.views[before], "tool_result", gotOut)
			continue
		}
		if gotOut == "" {
			if len(w.stoppedMessages) > 0 {
				w.Problem("%s: Gemini stopped the agent at this call, hookcompat does not", where)
			}
			continue
		}
		if strings.Contains(gotOut, `Tool execution blocked: `) && (before == nil || before.ToolRuns == nil || *before.ToolRuns) {
			if before != nil || w.hasBeforeToolHooks() {
				w.Problem("%s: Gemini blocked the call (%s), hookcompat lets it run", where, gotOut)
			}
		}
		note := ""
		if before != nil {
			note = before.OutputNote
		}
		if after != nil && after.ToolResponse != nil && after.TailToolCall == nil {
			want := w.Normalized(string(after.ToolResponse))
			if note != "" {
				var o struct{ Output string }
				if json.Unmarshal(after.ToolResponse, &o) == nil && o.Output != "" {
					b, _ := json.Marshal(map[string]string{"output": o.Output + note})
					want = w.Normalized(string(geminitest.CompactOr(b)))
				}
			}
			if gotOut != want {
				w.Problem("%s: Gemini sent the model %s, hookcompat %s", where, gotOut, want)
			}
			if gjson.Get(gotOut, "error").Exists() {
				w.ViewHas(where, w.views[after], "tool_result", gotOut)
			} else {
				w.ViewHas(where, w.views[after], "context", gjson.Get(gotOut, "output").String())
			}
		} else if before != nil {
			hasNote := strings.Contains(gotOut, geminitest.JSONEscape("[System] Tool input parameters were modified by a hook before execution."))
			if hasNote != (note != "") {
				w.Problem("%s: the \"[System] Tool input parameters were modified\" note: Gemini %v, hookcompat %v", where, hasNote, note != "")
			}
		}
		if before != nil && after != nil {
			if in, ok := w.afterInput[i]; ok {
				if a, b := string(geminitest.CompactOr(in)), w.Normalized(string(geminitest.CompactOr(before.EffectiveInput))); a != b {
					w.Problem("%s: the call ran with %s, hookcompat's effective input is %s", where, a, b)
				}
			}
		}
	}
}

func (w *world) hasBeforeToolHooks() bool {
	for _, h := range w.Loaded.Config.Hooks {
		if h.Event == settings.PreTool {
			return true
		}
	}
	return false
}

// checkAfterAgent: an AfterAgent event continued the turn in Gemini when
// another AfterAgent of the same prompt followed it (stop_hook_active);
// hookcompat must predict the same, and the continuation's text must be a
// user message of the recording.
func (w *world) checkAfterAgent() {
	cut := w.Obs.Get("exit_code").Int() == 124 || w.Obs.Get("timed_out").Bool()
	for i, a := range w.afterAgent {
		where := fmt.Sprintf("AfterAgent %d (hook run %d)", i+1, a.run.Index+1)
		continued := i+1 < len(w.afterAgent) && gjson.GetBytes(w.afterAgent[i+1].run.Stdin, "stop_hook_active").Bool()
		predicted := a.render.Continuation != nil
		if i+1 == len(w.afterAgent) && cut {
			continue
		}
		if continued != predicted {
			w.Problem("%s: Gemini continued the turn: %v, hookcompat: %v", where, continued, predicted)
			continue
		}
		if predicted {
			want := w.Normalized(*a.render.Continuation)
			found := false
			for _, last := range w.turnLastText {
				found = found || last == want
			}
			if !found && len(w.turnLastText) > 0 && len(w.turnLastText) < 20 {
				w.Problem("%s: no model turn got the continuation %q", where, want)
			}
		}
	}
}

// checkModelEvents: every BeforeModel event that hookcompat lets through
// is one model request; BeforeToolSelection's toolConfig is the request's.
func (w *world) checkModelEvents() {
	turns := w.Obs.Get("model_turns").Array()
	if n := len(w.beforeModelOcc); n > 0 {
		sent := 0
		for _, r := range w.beforeModelOcc {
			if !r.Blocked && !r.Stops {
				sent++
			}
		}
		if sent != len(turns) {
			w.Problem("BeforeModel: hookcompat lets %d of %d requests through, Gemini sent %d", sent, n, len(turns))
		}
	}
	if len(w.btsOcc) == len(turns) {
		for i, r := range w.btsOcc {
			got := turns[i].Get("tool_config")
			if r.ToolConfig == nil {
				if got.Exists() && got.Type != gjson.Null {
					w.Problem("BeforeToolSelection %d: Gemini's request has toolConfig %s, hookcompat none", i+1, got.Raw)
				}
				continue
			}
			want := string(geminitest.CompactOr([]byte(`{"functionCallingConfig":` + string(r.ToolConfig) + `}`)))
			if g := string(geminitest.CompactOr([]byte(got.Raw))); g != want {
				w.Problem("BeforeToolSelection %d: toolConfig: Gemini %s, hookcompat %s", i+1, g, want)
			}
		}
	}
}

// elideModelRequest shortens a model event's llm_request the way the
// oracle's harness recorded it: messages as {count, last}, a
// <session_context> content and config.systemInstruction/tools as
// "<N chars sha256=…>".
func elideModelRequest(stdin []byte) []byte {
	var f runner.Fields
	if err := f.UnmarshalJSON(stdin); err != nil {
		return stdin
	}
	changed := false
	for _, key := range []string{"llm_request", "llm_response"} {
		v, ok := f.Get(key)
		if !ok {
			continue
		}
		var req runner.Fields
		if req.UnmarshalJSON(v) != nil {
			continue
		}
		if msgs, ok := req.Get("messages"); ok && gjson.ParseBytes(msgs).IsArray() {
			arr := gjson.ParseBytes(msgs).Array()
			last := json.RawMessage("null")
			if len(arr) > 0 {
				last = json.RawMessage(arr[len(arr)-1].Raw)
				if c := gjson.GetBytes(last, "content"); c.Type == gjson.String && strings.HasPrefix(c.Str, "<session_context>") {
					var lf runner.Fields
					_ = lf.UnmarshalJSON(last)
					h, _ := json.Marshal(shortHash(c.Str))
					lf.Set("content", h)
					last, _ = lf.MarshalJSON()
				}
			}
			var m runner.Fields
			m.Set("count", json.RawMessage(fmt.Sprint(len(arr))))
			m.Set("last", last)
			mb, _ := m.MarshalJSON()
			req.Set("messages", mb)
			rb, _ := req.MarshalJSON()
			f.Set(key, rb)
			changed = true
		}
	}
	if !changed {
		return stdin
	}
	out, _ := f.MarshalJSON()
	return geminitest.CompactOr(out)
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return fmt.Sprintf("<%d chars sha256=%s>", len([]rune(s)), hex.EncodeToString(sum[:])[:12])
}
