package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/internal/oracletest"
)

// Gemini CLI and Qwen Code recordings (the two oracles share a layout,
// Qwen Code being a Gemini CLI fork): the user settings (observed.json's
// settings.user, as the oracle wrote them: its base settings merged with
// the case's hooks) in ~/.gemini (~/.qwen), the project's in
// <project>/.gemini, hook scripts in ~/.gemini/hooks, trustedFolders.json
// when the case trusts by file, case.json's files in the project, system
// settings files at /etc/<agent>; observed.json's model_turns hold each
// request's new contents (messages), tool_calls what the model got for
// each call, stream_events the CLI's stream.

// geminiLike is how one of the two oracles laid out its cases.
type geminiLike struct {
	agent, dir, homeKey    string
	systemDir              string
	systemEnv, defaultsEnv string
	defaultTrust           string
	// chmod: the case's .sh files are made executable; subEnv: {{…}} are
	// replaced in the case's environment.
	chmod, subEnv bool
	launch        map[string]string
	values        map[string]string
	// launcherEnv are variables the CLI sets on itself (its relaunch, its
	// npm manager), not its hook runner's: not compared.
	launcherEnv map[string]bool
	// chained are the payload fields a sequential group changes for the
	// next hook of an event.
	chained map[string]string
}

var geminiAgent = &geminiLike{
	agent: "gemini", dir: ".gemini", homeKey: "GEMINI_HOME", systemDir: "gemini-cli",
	systemEnv: "GEMINI_CLI_SYSTEM_SETTINGS_PATH", defaultsEnv: "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", defaultTrust: "file",
	launch: map[string]string{"GEMINI_API_KEY": "dummy", "GOOGLE_GEMINI_BASE_URL": "http://127.0.0.1:<PORT>"},
	values: map[string]string{"<SESSION>": "5f0c2a1e-8b7d-4c3e-9a10-0123456789ab", "<SID8>": "5f0c2a1e", "<PORT>": "45123",
		"<TIMESTAMP>": "2026-03-04T05:06:07.890Z", "<GEMINI_HOME>": "<HOME>/.gemini"},
	launcherEnv: map[string]bool{"GEMINI_CLI_NO_RELAUNCH": true},
	chained:     map[string]string{"BeforeAgent": "prompt", "BeforeTool": "tool_input", "BeforeModel": "llm_request"},
}

var qwenAgent = &geminiLike{
	agent: "qwen", dir: ".qwen", homeKey: "QWEN_HOME", systemDir: "qwen-code",
	systemEnv: "QWEN_CODE_SYSTEM_SETTINGS_PATH", defaultsEnv: "QWEN_CODE_SYSTEM_DEFAULTS_PATH", defaultTrust: "default",
	chmod: true, subEnv: true,
	launch: map[string]string{"OPENAI_API_KEY": "dummy", "OPENAI_BASE_URL": "http://127.0.0.1:<PORT>/v1", "OPENAI_MODEL": "fake-model"},
	values: map[string]string{"<SESSION>": "7a1c9e2b-4d3f-4b6a-8c0d-0123456789ab", "<PORT>": "45124",
		"<TIMESTAMP>": "2026-03-04T05:06:07.890Z", "<QWEN_HOME>": "<HOME>/.qwen"},
	launcherEnv: map[string]bool{"QWEN_CODE_CLI": true, "QWEN_CODE_LAUNCHER_PID": true, "QWEN_CODE_MANAGED_NPM_PIN": true,
		"QWEN_CODE_MANAGED_NPM_ROOT": true, "QWEN_CODE_NO_RELAUNCH": true, "QWEN_CODE_PRIVATE_RELAUNCH_ENV_PROVENANCE": true,
		"QWEN_CODE_STARTUP_VERSION": true, "QWEN_CODE_MODEL": true, "QWEN_CODE_MODEL_IDENTITY": true},
	chained: map[string]string{"UserPromptSubmit": "prompt", "UserPromptExpansion": "prompt", "PreToolUse": "tool_input"},
}

// geminiRules normalise what varies between runs in the two agents'
// texts.
var geminiRules = []conformance.Rule{
	{Pattern: `\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`, Replace: "<UUID>"},
}

// gemRec is one recording being generated.
type gemRec struct {
	a    *geminiLike
	c    *oracletest.Case
	obs  gjson.Result
	occs []*gemOcc
	// files are the session's files (for the sequential groups).
	files map[string]string
	sub   func(string) string
	// turnTexts are, per model request, the text parts of its new user
	// contents (Gemini) or messages (Qwen).
	turnTexts [][]string
	// taken are the tool calls already matched, per event.
	taken map[string]map[int]bool
}

// gemOcc is one event the agent fired: its hook runs (none for an event
// fired without any hook, synth).
type gemOcc struct {
	event   string
	payload []byte
	runs    []oracletest.HookRun
	synth   bool
	call    int // the tool call (-1: none)
}

func (o *gemOcc) get(path string) gjson.Result { return gjson.GetBytes(o.payload, path) }

func geminiSession(c *oracletest.Case, agent string) (*conformance.Session, string, error) {
	a := geminiAgent
	if agent == "qwen" {
		a = qwenAgent
	}
	data, err := os.ReadFile(filepath.Join(c.Dir, "observed.json"))
	if err != nil {
		return nil, "", err
	}
	g := &gemRec{a: a, c: c, obs: gjson.ParseBytes(data), taken: map[string]map[int]bool{}}
	if hooks, _ := os.ReadFile(filepath.Join(c.Dir, "hooks.json")); bytes.Contains(hooks, []byte(`"http"`)) {
		return nil, "http hooks need the recording's fake server", nil
	}
	if hooks, _ := os.ReadFile(filepath.Join(c.Dir, "hooks.json")); bytes.Contains(hooks, []byte(`"type": "prompt"`)) || bytes.Contains(hooks, []byte(`"type":"prompt"`)) {
		return nil, "prompt hooks need the recording's model", nil
	}
	if c.Spec["claude_hooks_dir"] == true {
		return nil, "its hooks call hookcompat's exec shim (a conversion case, not one of the agent's engine)", nil
	}
	version := strings.Fields(g.obs.Get(agent+"_version").String() + " ?")[0]
	s := &conformance.Session{Version: version, Files: map[string]string{}, Values: a.values, Normalize: geminiRules}
	home := "<HOME>/" + a.dir
	subs := map[string]string{"PROJECT": "<PROJECT>", "HOME": "<HOME>", a.homeKey: home, "HOOKS": home + "/hooks", "CAPTURES": "<CAPTURES>", "PORT": "<PORT>"}
	// Recorded values name the project's slug <PROJECT_SLUG> (Qwen): the
	// kit's <PROJECT_ENC>. Case inputs name {{…}} placeholders, which the
	// oracles replaced in settings and files (Qwen Code's oracle in hook
	// scripts too).
	g.sub = func(x string) string { return strings.ReplaceAll(x, "<PROJECT_SLUG>", "<PROJECT_ENC>") }
	in := func(x string) string {
		for _, k := range sortedKeys(subs) {
			x = strings.ReplaceAll(x, "{{"+k+"}}", subs[k])
		}
		return g.sub(x)
	}
	scripts := g.sub
	if a.chmod {
		scripts = in
	}
	// A script elsewhere (the project's) that sources the capture script
	// of the agent's hooks folder sources the one beside it: the runner
	// writes one beside every script.
	capture := func(x string) string {
		return strings.ReplaceAll(in(x), `. "`+home+`/hooks/_capture.sh"`, `. "$(dirname "$0")/_capture.sh"`)
	}
	if err := caseFiles(c, home+"/hooks", s.Files, &s.Executable, scripts); err != nil {
		return nil, "", err
	}
	if u := g.obs.Get("settings.user"); u.Exists() && u.Type != gjson.Null {
		s.Files[home+"/settings.json"] = g.sub(u.Raw)
	}
	if p := g.obs.Get("settings.project"); p.Exists() && p.Type != gjson.Null {
		s.Files["<PROJECT>/"+a.dir+"/settings.json"] = g.sub(p.Raw)
	}
	trust := orString(c.String("trust"), a.defaultTrust)
	if trust == "file" {
		s.Files[home+"/trustedFolders.json"] = `{"<PROJECT>":"TRUST_FOLDER"}`
	}
	if m, ok := c.Spec["files"].(map[string]any); ok {
		for _, rel := range sortedKeys(m) {
			content, _ := m[rel].(string)
			p := sandboxPath(rel)
			s.Files[p] = capture(content)
			if a.chmod && strings.HasSuffix(p, ".sh") {
				s.Executable = append(s.Executable, p)
			}
		}
	}
	sort.Strings(s.Executable)
	env := map[string]string{"HOME": "<HOME>", "TERM": "dumb", "LANG": "C.UTF-8", "TMPDIR": "<TMP>/tmp", "SHELL": "/bin/bash",
		"ORACLE_MARKER": "inherited-from-launch-env"}
	for k, v := range a.launch {
		env[k] = v
	}
	if e, ok := c.Spec["env"].(map[string]any); ok {
		for _, k := range sortedKeys(e) {
			v, _ := e[k].(string)
			if a.subEnv {
				v = in(v)
			}
			// A system settings file of the case folder is put at the
			// system root (/etc/<agent>), where the agent finds it
			// without the variable.
			if name := map[string]string{a.systemEnv: "settings.json", a.defaultsEnv: "system-defaults.json"}[k]; name != "" {
				if i := strings.Index(v, "/"+c.Name+"/"); i >= 0 {
					if b, err := os.ReadFile(filepath.Join(c.Dir, v[i+len(c.Name)+2:])); err == nil {
						s.Files["<SYSTEM>/etc/"+a.systemDir+"/"+name] = in(string(b))
						continue
					}
				}
			}
			env[k] = v
		}
	}
	s.GitInit = c.Spec["git_init"] == true
	s.Launch = conformance.Launch{Args: stringsOf(c.Observed["argv"]), Cwd: "<PROJECT>", Env: env, Options: map[string]any{}}
	g.files = s.Files
	for _, mt := range g.obs.Get("model_turns").Array() {
		g.turnTexts = append(g.turnTexts, userTexts(mt))
	}
	g.occurrences()
	g.prepareCalls()
	vars := map[string]bool{}
	for _, r := range c.HookRuns {
		for k := range r.EnvAdded {
			if !a.launcherEnv[k] && !(k == "GEMINI_CLI_TRUST_WORKSPACE" && g.skipTrust()) {
				vars[k] = true
			}
		}
	}
	names := sortedKeys(vars)
	for _, o := range g.occs {
		cs := conformance.Case{Event: o.event, Payload: string(o.payload), Synthetic: o.synth, Omitted: map[string]string{}}
		hooks := []conformance.HookRun{}
		for _, r := range o.runs {
			h := hookRun(r, names, g.sub)
			stdin := string(compactOr(stdinOf2(r)))
			if r.StdinNewline {
				stdin += "\n"
			}
			h.Stdin = ptr(g.sub(stdin))
			if modelEvents[o.event] && *h.Stdin != string(o.payload) {
				// A later hook of a sequential chain got the request the
				// earlier ones rewrote, which the recording shortens.
				h.Stdin = nil
				cs.Omitted["stdin"] = "the recording shortens the llm_request a sequential chain rewrote (its messages as {count, last})"
			}
			for k, v := range h.Env {
				if lv, ok := env[k]; ok && v == nil {
					h.Env[k] = ptr(lv) // the launch's
				}
			}
			// A hook killed outright (no exit status, no signal trapped)
			// near the run's end: the agent killed it when it exited.
			if r.ExitCode == nil && r.Signal == "" && g.obs.Get("duration_s").Float()*1000-r.StartMS < 5000 {
				h.AnyExit = true
			}
			hooks = append(hooks, h)
		}
		cs.Expect.Hooks = &hooks
		if agent == "gemini" {
			g.geminiEffects(o, &cs)
		} else {
			g.qwenEffects(o, &cs)
		}
		if len(cs.Omitted) == 0 {
			cs.Omitted = nil
		}
		s.Cases = append(s.Cases, cs)
	}
	return s, "", nil
}

// modelEvents are Gemini CLI's events about a model request, whose
// llm_request the oracle recorded shortened: messages as {count, last},
// system instruction and tools as hashes. A case's payload is that
// shortened request, which an implementation passes on as it is.
var modelEvents = map[string]bool{"BeforeModel": true, "AfterModel": true, "BeforeToolSelection": true}

// stdinOf2 is a run's exact stdin when the raw capture has it, else the
// recorded one.
func stdinOf2(r oracletest.HookRun) []byte {
	if r.StdinRaw != nil {
		return r.StdinRaw
	}
	return r.Stdin
}

// compactOr is b as the agents write JSON (oracletest.Compact), or b when
// it is not JSON.
func compactOr(b []byte) []byte {
	c, err := oracletest.Compact(b)
	if err != nil {
		return b
	}
	return c
}

func (g *gemRec) skipTrust() bool {
	if g.c.String("trust") == "skip-trust" {
		return true
	}
	for _, a := range stringsOf(g.c.Observed["argv"]) {
		if a == "--skip-trust" {
			return true
		}
	}
	return false
}

// userTexts are the text parts of a model request's new user contents.
func userTexts(mt gjson.Result) []string {
	var out []string
	for _, c := range mt.Get("new_contents_since_last_model_output").Array() {
		if c.Get("role").String() != "user" {
			continue
		}
		for _, p := range c.Get("parts").Array() {
			if t := p.Get("text"); t.Exists() {
				out = append(out, t.String())
			}
		}
	}
	for _, m := range mt.Get("new_messages_since_last_assistant").Array() {
		if m.Get("role").String() != "user" {
			continue
		}
		if c := m.Get("content"); c.Type == gjson.String {
			out = append(out, c.Str)
		} else {
			for _, p := range c.Array() {
				if p.Get("type").String() == "text" {
					out = append(out, p.Get("text").String())
				}
			}
		}
	}
	return out
}

// sequential reports whether a settings file of the session has a
// sequential group of event.
func (g *gemRec) sequential(event string) bool {
	for p, content := range g.files {
		if !strings.HasSuffix(p, ".json") {
			continue
		}
		for _, grp := range gjson.Get(strings.TrimPrefix(content, "\ufeff"), "hooks."+gjson.Escape(event)).Array() {
			if grp.Get("sequential").Bool() {
				return true
			}
		}
	}
	return false
}

// occurrences groups the recorded runs into events as the replays do
// (oracletest.Group: equal payloads, or for an event with a sequential
// group payloads that differ in the field the chain changes; two hooks
// running one script as one event), then adds the BeforeTool events
// Gemini CLI fired for calls no hook recorded.
func (g *gemRec) occurrences() {
	same := func(a, b *oracletest.HookRun) bool {
		ca, cb := compactOr(a.Stdin), compactOr(b.Stdin)
		if bytes.Equal(ca, cb) {
			return true
		}
		f := g.a.chained[a.Event]
		if f == "" || !g.sequential(a.Event) {
			return false
		}
		strip := func(b []byte) string {
			var m map[string]json.RawMessage
			_ = json.Unmarshal(b, &m)
			delete(m, f)
			out, _ := json.Marshal(m)
			return string(out)
		}
		return strip(ca) == strip(cb)
	}
	groups := g.mergeRepeats(oracletest.Group(g.c.HookRuns, same))
	for _, runs := range groups {
		g.occs = append(g.occs, &gemOcc{event: runs[0].Event, payload: []byte(g.sub(string(compactOr(stdinOf2(runs[0]))))), runs: runs, call: -1})
	}
	if g.a.agent == "gemini" {
		g.synthesize()
	}
}

// mergeRepeats joins consecutive groups that Group split because a hook
// script ran twice when the recording shows one event: a BeforeTool with
// one payload happens once per recorded call with that input, SessionStart
// and SessionEnd once per run.
func (g *gemRec) mergeRepeats(occs [][]oracletest.HookRun) [][]oracletest.HookRun {
	calls := map[string]int{}
	for _, tc := range g.obs.Get("tool_calls").Array() {
		calls[tc.Get("name").String()+"\x00"+string(compactOr([]byte(tc.Get("input_from_model").Raw)))]++
	}
	key := func(r *oracletest.HookRun) string {
		return gjson.GetBytes(r.Stdin, "tool_name").String() + "\x00" + string(compactOr([]byte(gjson.GetBytes(r.Stdin, "tool_input").Raw)))
	}
	count := map[string]int{}
	for _, o := range occs {
		if o[0].Event == "BeforeTool" {
			count[key(&o[0])]++
		}
	}
	var out [][]oracletest.HookRun
	for _, o := range occs {
		if n := len(out); n > 0 && g.a.agent == "gemini" {
			prev := out[n-1]
			same := prev[0].Event == o[0].Event && bytes.Equal(compactOr(prev[0].Stdin), compactOr(o[0].Stdin))
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

// synthesize adds a BeforeTool event for each tool call Gemini CLI ran
// (or refused) without any hook recording it, when the settings have
// BeforeTool hooks: no hook may run for it. Calls of tools that are not
// registered, or whose arguments failed the tool's own validation, fire
// no BeforeTool.
func (g *gemRec) synthesize() {
	if !strings.Contains(g.obs.Get("settings").Raw, `"BeforeTool"`) {
		return
	}
	seen := map[string]int{}
	for _, o := range g.occs {
		if o.event == "BeforeTool" {
			seen[string(compactOr([]byte(o.get("tool_input").Raw)))]++
		}
	}
	skip := map[string]bool{}
	notRegistered := false
	for _, e := range g.obs.Get("stream_events").Array() {
		if e.Get("type").String() != "tool_result" {
			continue
		}
		switch e.Get("error.type").String() {
		case "tool_not_registered":
			notRegistered = true
		case "invalid_tool_params":
			skip[e.Get("tool_id").String()] = true
		}
	}
	for _, tc := range g.obs.Get("tool_calls").Array() {
		in := compactOr([]byte(tc.Get("input_from_model").Raw))
		if strings.Contains(tc.Get("output_sent_to_model.error").String(), "not found") && notRegistered {
			continue
		}
		if id := tc.Get("call_id").String(); id != "" && skip[tc.Get("name").String()+"__"+id] {
			continue
		}
		if seen[string(in)] > 0 {
			seen[string(in)]--
			continue
		}
		var b bytes.Buffer
		b.WriteString(`{"session_id":"<SESSION>","transcript_path":"<GEMINI_HOME>/tmp/proj/chats/session-<TIMESTAMP>-<SID8>.jsonl","cwd":"<PROJECT>","hook_event_name":"BeforeTool","timestamp":"<TIMESTAMP>","tool_name":`)
		name, _ := json.Marshal(tc.Get("name").String())
		b.Write(name)
		b.WriteString(`,"tool_input":`)
		b.Write(in)
		b.WriteString("}")
		g.occs = append(g.occs, &gemOcc{event: "BeforeTool", payload: b.Bytes(), synth: true, call: -1})
	}
}

// callFor finds the recorded tool call of a tool event: the first of its
// name not taken yet by an event of the same kind whose model input is
// the payload's tool_input (or, Qwen, whose call id is the payload's);
// failing that, for an event after a rewrite (AfterTool, or a Qwen
// PreToolUse after a PermissionRequest rewrite), the first of its name
// the event before it took.
func (g *gemRec) callFor(o *gemOcc, kind, before string) int {
	if g.taken[kind] == nil {
		g.taken[kind] = map[int]bool{}
	}
	name := o.get("tool_name").String()
	in := string(compactOr([]byte(o.get("tool_input").Raw)))
	id := o.get("tool_call_id").String()
	calls := g.obs.Get("tool_calls").Array()
	for i, tc := range calls {
		if g.taken[kind][i] || tc.Get("name").String() != name {
			continue
		}
		if (id != "" && g.sub(tc.Get("call_id").String()) == id) || string(compactOr([]byte(tc.Get("input_from_model").Raw))) == in {
			g.taken[kind][i] = true
			return i
		}
	}
	if before != "" {
		for i, tc := range calls {
			if !g.taken[kind][i] && tc.Get("name").String() == name && g.taken[before][i] {
				g.taken[kind][i] = true
				return i
			}
		}
	}
	return -1
}

// output is what the model got for call i (compact JSON for Gemini's
// functionResponse object, the tool message's text for Qwen); false when
// no request carried it.
func (g *gemRec) output(i int) (string, bool) {
	o := g.obs.Get(fmt.Sprintf("tool_calls.%d.output_sent_to_model", i))
	if !o.Exists() || o.Type == gjson.Null {
		return "", false
	}
	if o.Type == gjson.String {
		return o.Str, true
	}
	return string(compactOr([]byte(o.Raw))), true
}

// ranAfter reports whether an event of kind (AfterTool, PostToolUse…) was
// recorded for call i.
func (g *gemRec) ranAfter(i int, kinds ...string) *gemOcc {
	for _, o := range g.occs {
		for _, k := range kinds {
			if o.event == k && o.call == i {
				return o
			}
		}
	}
	return nil
}

// finalTurns are the model requests whose reply made no tool call (a
// turn's end).
func (g *gemRec) finalTurns() []int {
	var out []int
	for i, mt := range g.obs.Get("model_turns").Array() {
		r := mt.Get("fake_reply")
		calls := false
		for _, p := range r.Array() {
			calls = calls || p.Get("functionCall").Exists()
		}
		calls = calls || len(r.Get("tool_calls").Array()) > 0
		if !calls {
			out = append(out, i)
		}
	}
	return out
}

func texts(place string, ts ...string) *[]conformance.Text {
	out := []conformance.Text{}
	for _, t := range ts {
		out = append(out, conformance.Text{Text: t, Placement: place})
	}
	return &out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
