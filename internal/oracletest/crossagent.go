package oracletest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The cross-agent replay: a Claude Code hook converted for another agent
// (the host) must do there what it did in Claude Code, or convert names
// the difference in a warning. A cross-agent case is a Claude Code oracle
// case claude/<case>/ and the same case converted for agent <agent>/<case>/
// (its claude-settings.json, the converted hooks.json, convert.rc and
// convert.stderr, the host's model.json, observed.json). The Claude side
// is read here ([ReadClaude]); the host side is replayed by the host's
// format package ([Simulate] drives the session through a [HostAdapter])
// and both are compared as [Effect]s ([CompareEffects]); a difference
// passes only when a warning names it ([Warned]).

// CrossAgentEnv lists more folders of cross-agent cases (colon-separated;
// each holds claude/<case>/ and <agent>/<case>/).
const CrossAgentEnv = "HOOKCOMPAT_CROSS_AGENT_CASES"

// CrossCase is one cross-agent case for one host agent.
type CrossCase struct {
	// Name is the case's folder name; Claude and Host its two folders.
	Name, Claude, Host string
}

// CrossAgentCases returns the cases of agent under each root (a folder
// holding claude/ and <agent>/), sorted by name within a root, and under
// every folder of $HOOKCOMPAT_CROSS_AGENT_CASES. A case is a host folder
// with an observed.json whose claude/<case> has one too. A root that does
// not exist is logged (not an error); no case at all skips the test.
func CrossAgentCases(t testing.TB, agent string, roots ...string) []CrossCase {
	t.Helper()
	if v := os.Getenv(CrossAgentEnv); v != "" {
		roots = append(roots, filepath.SplitList(v)...)
	}
	var out []CrossCase
	for _, root := range roots {
		entries, err := os.ReadDir(filepath.Join(root, agent))
		if err != nil {
			t.Logf("cross-agent cases %s: %v", filepath.Join(root, agent), err)
			continue
		}
		var names []string
		for _, e := range entries {
			host := filepath.Join(root, agent, e.Name())
			claude := filepath.Join(root, "claude", e.Name())
			if fileExists(filepath.Join(host, "observed.json")) && fileExists(filepath.Join(claude, "observed.json")) {
				names = append(names, e.Name())
			} else if fileExists(filepath.Join(host, "observed.json")) {
				t.Errorf("cross-agent case %s has no Claude recording %s", host, claude)
			}
		}
		sort.Strings(names)
		for _, n := range names {
			out = append(out, CrossCase{Name: n, Claude: filepath.Join(root, "claude", n), Host: filepath.Join(root, agent, n)})
		}
	}
	if len(out) == 0 {
		t.Skipf("no cross-agent cases for %s (%s, $%s)", agent, strings.Join(roots, ", "), CrossAgentEnv)
	}
	return out
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// Effect is what a session's hooks did, in terms both agents share.
type Effect struct {
	// Ran says, per tool call of the model in order, whether it ran.
	Ran []bool
	// Seen are the texts the model got, by place: "prompt" (before its
	// first request), "call:N" (with the result of tool call N,
	// 0-based), "stop:K" (the message that continued the turn after the
	// K-th stop).
	Seen map[string][]string
	// Flow is each model reply's kind in order ("tools", "text"), then
	// "end".
	Flow []string
	// Hooks are the hook runs, in start order, with what they read.
	Hooks []HookSeen
	// Files are the project's files at the end (what the tools and
	// hooks wrote), by slash path.
	Files map[string]string
}

// HookSeen is one hook run: its capture label, its event (Claude's
// name) and its stdin.
type HookSeen struct {
	Name, Event string
	Stdin       map[string]any
}

// Candidate is a text a hook produced in the Claude recording, to look
// for in what the model saw: Event is the Claude event, Field the reply
// field or stream it came from ("additionalContext", "reason",
// "permissionDecisionReason", "stopReason", "systemMessage", "stderr",
// "stdout", or "tool-output" for a tool's own output).
type Candidate struct {
	Text, Event, Field string
}

// ClaudeSide is what a Claude recording says: the effect, the texts to
// look for, and the features of each event's hook replies (for matching
// warnings): "exit 2", "deny", "ask", "block", "allow", "continue:false",
// "additionalContext", "systemMessage", "updatedInput", "plain stdout".
type ClaudeSide struct {
	Effect     *Effect
	Candidates []Candidate
	Features   map[string][]string
}

// claudeObserved is the part of a Claude oracle's observed.json read.
type claudeObserved struct {
	ModelTurns []struct {
		New   []map[string]any `json:"new_since_last_assistant"`
		Reply []map[string]any `json:"fake_reply"`
	} `json:"model_turns"`
	ToolCalls []struct {
		ID     string          `json:"id"`
		Stream json.RawMessage `json:"tool_use_result_stream"`
	} `json:"tool_calls"`
	HookEvents []struct {
		Subtype  string `json:"subtype"`
		Event    string `json:"hook_event"`
		Stdout   string `json:"stdout"`
		Stderr   string `json:"stderr"`
		ExitCode int    `json:"exit_code"`
	} `json:"hook_events_stream"`
	Result struct {
		Denials []struct {
			ID string `json:"tool_use_id"`
		} `json:"permission_denials"`
	} `json:"result"`
	SideEffects map[string]string `json:"side_effects"`
}

// ReadClaude reads a Claude oracle recording (claude/<case>).
func ReadClaude(dir string) (*ClaudeSide, error) {
	c, err := Load(dir)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(filepath.Join(dir, "observed.json"))
	if err != nil {
		return nil, err
	}
	var o claudeObserved
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, fmt.Errorf("%s/observed.json: %w", dir, err)
	}
	e := &Effect{Seen: map[string][]string{}, Files: map[string]string{}}
	denied := map[string]bool{}
	for _, d := range o.Result.Denials {
		denied[d.ID] = true
	}
	// Tool call ids in order, and the place of each turn's new input.
	callIndex := map[string]int{}
	n, stops := 0, 0
	for k, t := range o.ModelTurns {
		var ids []string
		for _, b := range t.Reply {
			if b["type"] == "tool_use" {
				id := fmt.Sprintf("toolu_fake_t%d_b%d", k, len(ids))
				if s, ok := b["id"].(string); ok && s != "" {
					id = s
				}
				ids = append(ids, id)
			}
		}
		for _, id := range ids {
			callIndex[id] = n
			e.Ran = append(e.Ran, !denied[id])
			n++
		}
		if len(ids) > 0 {
			e.Flow = append(e.Flow, "tools")
		} else {
			e.Flow = append(e.Flow, "text")
		}
	}
	e.Flow = append(e.Flow, "end")
	lastCall := -1
	for k, t := range o.ModelTurns {
		place := "prompt"
		if k > 0 {
			prev := e.Flow[k-1]
			if prev == "text" {
				place = fmt.Sprintf("stop:%d", stops)
				stops++
			} else {
				place = fmt.Sprintf("call:%d", lastCall)
			}
		}
		for _, m := range t.New {
			for _, b := range blocks(m["content"]) {
				p := place
				if b["type"] == "tool_result" {
					if id, ok := b["tool_use_id"].(string); ok {
						if i, ok := callIndex[id]; ok {
							p = fmt.Sprintf("call:%d", i)
						}
					}
					e.Seen[p] = append(e.Seen[p], textOf(b["content"]))
					continue
				}
				e.Seen[p] = append(e.Seen[p], textOf(b["text"]))
			}
		}
		for _, b := range t.Reply {
			if b["type"] == "tool_use" {
				lastCall++
			}
		}
	}
	for _, h := range c.HookRuns {
		var stdin map[string]any
		_ = json.Unmarshal(h.Stdin, &stdin)
		e.Hooks = append(e.Hooks, HookSeen{Name: h.Name, Event: h.Event, Stdin: stdin})
	}
	for k, v := range o.SideEffects {
		e.Files[k] = v
	}
	side := &ClaudeSide{Effect: e, Features: map[string][]string{}}
	seen := map[string]bool{}
	add := func(text, event, field string) {
		least := 8 // shorter hook texts match by chance
		if field == "tool-output" {
			least = 4 // a command's own output, as the model saw it
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if len(line) < least || seen[event+"\x00"+line] {
				continue
			}
			seen[event+"\x00"+line] = true
			side.Candidates = append(side.Candidates, Candidate{Text: line, Event: event, Field: field})
		}
	}
	feature := func(event, f string) {
		for _, x := range side.Features[event] {
			if x == f {
				return
			}
		}
		side.Features[event] = append(side.Features[event], f)
	}
	for _, h := range o.HookEvents {
		if h.Subtype != "hook_response" {
			continue
		}
		if h.ExitCode == 2 {
			feature(h.Event, "exit 2")
			add(h.Stderr, h.Event, "stderr")
			continue
		}
		out := strings.TrimSpace(h.Stdout)
		var reply map[string]any
		if strings.HasPrefix(out, "{") && json.Unmarshal([]byte(out), &reply) == nil {
			replyFeatures(reply, h.Event, feature, add)
		} else if out != "" {
			feature(h.Event, "plain stdout")
			add(out, h.Event, "stdout")
		}
	}
	for _, tc := range o.ToolCalls {
		var s struct {
			Stdout string `json:"stdout"`
		}
		if json.Unmarshal(tc.Stream, &s) == nil && s.Stdout != "" && !denied[tc.ID] {
			add(s.Stdout, "PostToolUse", "tool-output")
		}
	}
	return side, nil
}

// replyFeatures records the features and texts of one JSON reply.
func replyFeatures(reply map[string]any, event string, feature func(string, string), add func(string, string, string)) {
	str := func(m map[string]any, k string) string { s, _ := m[k].(string); return s }
	if d := str(reply, "decision"); d != "" {
		feature(event, d)
	}
	if c, ok := reply["continue"].(bool); ok && !c {
		feature(event, "continue:false")
	}
	for _, k := range []string{"reason", "stopReason", "systemMessage"} {
		if s := str(reply, k); s != "" {
			if k == "systemMessage" {
				feature(event, k)
			}
			add(s, event, k)
		}
	}
	if hso, ok := reply["hookSpecificOutput"].(map[string]any); ok {
		if d := str(hso, "permissionDecision"); d != "" {
			feature(event, d)
		}
		if s := str(hso, "permissionDecisionReason"); s != "" {
			add(s, event, "permissionDecisionReason")
		}
		if s := str(hso, "additionalContext"); s != "" {
			feature(event, "additionalContext")
			add(s, event, "additionalContext")
		}
		if _, ok := hso["updatedInput"]; ok {
			feature(event, "updatedInput")
		}
	}
}

// blocks are a message content's blocks (a string is one text block).
func blocks(content any) []map[string]any {
	switch c := content.(type) {
	case string:
		return []map[string]any{{"type": "text", "text": c}}
	case []any:
		var out []map[string]any
		for _, b := range c {
			if m, ok := b.(map[string]any); ok {
				out = append(out, m)
			}
		}
		return out
	}
	return nil
}

// textOf is the text of a string or of a list of text blocks.
func textOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var b strings.Builder
		for _, p := range x {
			if m, ok := p.(map[string]any); ok {
				b.WriteString(textOf(m["text"]))
			}
		}
		return b.String()
	}
	return ""
}

// HostAdapter runs one host agent's side of a simulated session through
// hookcompat (the host's format, the converted config, the exec shim):
// each method fires the host's events for one step of the model's
// script and says what the host does.
type HostAdapter interface {
	// Start fires the session's start and the person's prompt: the
	// texts the model gets with its first request, and whether the
	// prompt is sent at all.
	Start(prompt string) (texts []string, sent bool)
	// Call fires one tool call of the model (item, in the host's
	// model.json vocabulary; n its index in the session) and runs the
	// tool when the host would: whether it ran, the texts the model gets
	// with its result, and whether the host stops the turn after it.
	Call(n int, item map[string]any) (ran bool, texts []string, stop bool)
	// Stop fires the end of a turn whose last answer is text (k stops
	// before): the message the turn goes on with, if it does.
	Stop(answer string, k int) (texts []string, continues bool)
	// End fires the session's end.
	End()
}

// BatchEnder is implemented by adapters whose host fires events after a
// reply's tool calls and before the next request (Qwen Code's
// PostToolBatch and its prompt event for the tool results): the texts go
// with the last call's result, and stop ends the turn.
type BatchEnder interface {
	EndBatch(last int) (texts []string, stop bool)
}

// maxRequests bounds a simulated session (a stop hook that never lets
// go).
const maxRequests = 12

// Simulate drives a session through a: the prompt, then the model's
// replies in order (turns, then fallback once they run out), each tool
// call and each text answer through the host, until the turn ends. It
// returns the effect but for Hooks and Files (the caller reads them).
func Simulate(a HostAdapter, prompt string, turns [][]map[string]any, fallback []map[string]any) *Effect {
	e := &Effect{Seen: map[string][]string{}}
	texts, sent := a.Start(prompt)
	e.Seen["prompt"] = append(e.Seen["prompt"], texts...)
	calls, stops := 0, 0
	for req := 0; sent && req < maxRequests; req++ {
		reply := fallback
		if req < len(turns) {
			reply = turns[req]
		}
		var items []map[string]any
		answer := ""
		for _, it := range reply {
			if it["type"] == "text" {
				answer += textOf(it["text"])
				continue
			}
			items = append(items, it)
		}
		if len(items) == 0 {
			e.Flow = append(e.Flow, "text")
			texts, goOn := a.Stop(answer, stops)
			if !goOn {
				break
			}
			place := fmt.Sprintf("stop:%d", stops)
			e.Seen[place] = append(e.Seen[place], texts...)
			stops++
			continue
		}
		e.Flow = append(e.Flow, "tools")
		stopped := false
		for _, it := range items {
			ran, texts, stop := a.Call(calls, it)
			e.Ran = append(e.Ran, ran)
			place := fmt.Sprintf("call:%d", calls)
			e.Seen[place] = append(e.Seen[place], texts...)
			calls++
			stopped = stopped || stop
		}
		if be, ok := a.(BatchEnder); ok && !stopped {
			texts, stop := be.EndBatch(calls - 1)
			place := fmt.Sprintf("call:%d", calls-1)
			e.Seen[place] = append(e.Seen[place], texts...)
			stopped = stop
		}
		if stopped {
			break
		}
	}
	e.Flow = append(e.Flow, "end")
	a.End()
	return e
}

// ProjectFiles returns the files under dir (slash paths), leaving out the
// agents' folders, .git and the capture folders.
func ProjectFiles(dir string, skip ...string) map[string]string {
	out := map[string]string{}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			base := d.Name()
			if p != dir && (strings.HasPrefix(base, ".") || contains(skip, rel)) {
				return filepath.SkipDir
			}
			return nil
		}
		if b, err := os.ReadFile(p); err == nil {
			out[rel] = string(b)
		}
		return nil
	})
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Diff is one difference between the Claude effect and the host's.
type Diff struct {
	// Kind is "ran", "flow", "text", "runs", "stdin" or "files"; Event
	// the Claude event it is about ("" when none can be named); Key the
	// stdin key or text field; Detail says what differs.
	Kind, Event, Key, Detail string
	// Causes are the features of Event's hook replies in Claude.
	Causes []string
	// Rewrite says the difference is one a tool input rewrite makes (what
	// ran, what a later hook saw, the tool's output) in a session where
	// a PreToolUse hook rewrote the input in Claude Code.
	Rewrite bool
	// AfterFlow says the difference follows from the turn going on where
	// Claude Code's stopped (or stopping where it went on): more or fewer
	// calls, hook runs, files written, places a text is seen at.
	AfterFlow bool
	// Tool is the Claude Code tool of the hook run a stdin difference is
	// about.
	Tool string
}

func (d Diff) String() string {
	ev := d.Event
	if ev == "" {
		ev = "-"
	}
	return fmt.Sprintf("%s %s %s: %s", d.Kind, ev, d.Key, d.Detail)
}

// stdinIgnored are payload keys whose values differ between agents by
// nature (ids, paths, timings) or are the model's own (a Bash call's
// description): presence is not compared either.
var stdinIgnored = map[string]bool{"session_id": true, "transcript_path": true, "cwd": true, "prompt_id": true,
	"tool_use_id": true, "duration_ms": true, "effort": true}

// modelOptional are tool_input keys the model gives or not.
var modelOptional = map[string]bool{"description": true, "timeout": true, "run_in_background": true, "dangerouslyDisableSandbox": true}

// CompareEffects lists the differences of host from claude (side's).
func CompareEffects(side *ClaudeSide, host *Effect) []Diff {
	c := side.Effect
	var out []Diff
	causes := func(ev string) []string { return side.Features[ev] }
	// Tool calls.
	for i := 0; i < max(len(c.Ran), len(host.Ran)); i++ {
		switch {
		case i >= len(c.Ran):
			out = append(out, Diff{Kind: "ran", Event: "PreToolUse", Key: fmt.Sprint(i), Detail: "a tool call Claude Code never made", Causes: causes("PreToolUse")})
		case i >= len(host.Ran):
			out = append(out, Diff{Kind: "ran", Event: "PreToolUse", Key: fmt.Sprint(i), Detail: "a tool call the host never made", Causes: causes("PreToolUse")})
		case c.Ran[i] != host.Ran[i]:
			ev := "PreToolUse"
			out = append(out, Diff{Kind: "ran", Event: ev, Key: fmt.Sprint(i), Detail: fmt.Sprintf("Claude Code ran=%v, host ran=%v", c.Ran[i], host.Ran[i]), Causes: causes(ev)})
		}
	}
	// The turn.
	if strings.Join(c.Flow, ">") != strings.Join(host.Flow, ">") {
		ev := flowEvent(c.Flow, host.Flow)
		out = append(out, Diff{Kind: "flow", Event: ev, Detail: fmt.Sprintf("Claude Code %s, host %s", strings.Join(c.Flow, ">"), strings.Join(host.Flow, ">")), Causes: causes(ev)})
	}
	// Texts.
	for _, cand := range side.Candidates {
		cp, hp := placesOf(c.Seen, cand.Text), placesOf(host.Seen, cand.Text)
		if cp != hp {
			out = append(out, Diff{Kind: "text", Event: cand.Event, Key: cand.Field,
				Detail: fmt.Sprintf("%q: Claude Code at [%s], host at [%s]", cand.Text, cp, hp), Causes: causes(cand.Event)})
		}
	}
	// Hook runs and their stdin.
	type key struct{ name, event string }
	cRuns, hRuns := map[key][]HookSeen{}, map[key][]HookSeen{}
	var keys []key
	for _, h := range c.Hooks {
		k := key{h.Name, h.Event}
		if _, ok := cRuns[k]; !ok {
			keys = append(keys, k)
		}
		cRuns[k] = append(cRuns[k], h)
	}
	for _, h := range host.Hooks {
		k := key{h.Name, h.Event}
		if _, ok := cRuns[k]; !ok {
			if _, ok := hRuns[k]; !ok {
				keys = append(keys, k)
			}
		}
		hRuns[k] = append(hRuns[k], h)
	}
	for _, k := range keys {
		cr, hr := cRuns[k], hRuns[k]
		if len(cr) != len(hr) {
			out = append(out, Diff{Kind: "runs", Event: k.event, Key: k.name, Detail: fmt.Sprintf("%s ran %d time(s) in Claude Code, %d in the host", k.name, len(cr), len(hr)), Causes: causes(k.event)})
		}
		for i := 0; i < min(len(cr), len(hr)); i++ {
			for _, d := range compareStdin(cr[i].Stdin, hr[i].Stdin) {
				d.Event, d.Causes = k.event, causes(k.event)
				d.Tool, _ = cr[i].Stdin["tool_name"].(string)
				d.Detail = fmt.Sprintf("%s run %d: %s", k.name, i+1, d.Detail)
				out = append(out, d)
			}
		}
	}
	// Files.
	var names []string
	for f := range c.Files {
		names = append(names, f)
	}
	for f := range host.Files {
		if _, ok := c.Files[f]; !ok {
			names = append(names, f)
		}
	}
	sort.Strings(names)
	for _, f := range names {
		cv, cok := c.Files[f]
		hv, hok := host.Files[f]
		if cok != hok || cv != hv {
			out = append(out, Diff{Kind: "files", Key: f, Detail: fmt.Sprintf("%s: Claude Code %q, host %q", f, short(cv, cok), short(hv, hok))})
		}
	}
	// What a turn that went on (or stopped) changes downstream.
	if strings.Join(c.Flow, ">") != strings.Join(host.Flow, ">") {
		for i := range out {
			d := &out[i]
			switch d.Kind {
			case "runs", "files":
				d.AfterFlow = true
			case "ran":
				d.AfterFlow = strings.Contains(d.Detail, "never made")
			case "text":
				d.AfterFlow = true
			}
		}
	}
	// What a rewrite of the input changes downstream.
	if hasFeature(side.Features["PreToolUse"], "updatedInput") {
		for i := range out {
			d := &out[i]
			switch {
			case d.Kind == "files", d.Kind == "text" && d.Key == "tool-output",
				d.Kind == "stdin" && d.Event != "PreToolUse" && (strings.HasPrefix(d.Key, "tool_input") || strings.HasPrefix(d.Key, "tool_response")):
				d.Rewrite = true
			}
		}
	}
	return out
}

func hasFeature(fs []string, f string) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

func short(s string, ok bool) string {
	if !ok {
		return "(none)"
	}
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// flowEvent is the event a difference of the turn is about: a stop that
// went on (or did not), or a tool call that ended it.
func flowEvent(c, h []string) string {
	for i := 0; i < min(len(c), len(h)); i++ {
		if c[i] != h[i] {
			if i > 0 && c[i-1] == "text" || i > 0 && h[i-1] == "text" {
				return "Stop"
			}
			return "PreToolUse"
		}
	}
	if len(c) > 1 && c[len(c)-2] == "text" || len(h) > 1 && h[len(h)-2] == "text" {
		return "Stop"
	}
	return "PreToolUse"
}

// placesOf lists the places text occurs at in seen, sorted (an agent
// may show one text twice in one place, in its own wrappers: Claude Code
// names a stop's reason in a reminder and in the feedback; what counts
// is each place the model reads it in).
func placesOf(seen map[string][]string, text string) string {
	var out []string
	for place, texts := range seen {
		for _, t := range texts {
			if strings.Contains(unescapeModel(t), text) {
				out = append(out, place)
				break
			}
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// unescapeModel undoes the HTML escaping some agents apply to hook
// context (&lt; &gt; &amp;) before a text is searched: the characters
// the model reads are the same.
func unescapeModel(s string) string {
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`).Replace(s)
}

// compareStdin compares a hook's stdin under the host (h) with Claude
// Code's (c) for the keys Claude Code writes: values equal (a tool's
// input: the keys both have, and none the host adds that Claude Code's
// would not have), keys in stdinIgnored only present.
func compareStdin(c, h map[string]any) []Diff {
	var out []Diff
	var keys []string
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		cv := c[k]
		hv, ok := h[k]
		switch {
		case stdinIgnored[k]:
			continue
		case !ok:
			out = append(out, Diff{Kind: "stdin", Key: k, Detail: "missing (Claude Code: " + jsonShort(cv) + ")"})
		case k == "permission_mode" || k == "background_tasks" || k == "session_crons":
			continue // present; its value is the host session's
		case k == "tool_input":
			cm, _ := cv.(map[string]any)
			hm, _ := hv.(map[string]any)
			for ik, iv := range cm {
				if hvv, ok := hm[ik]; ok && !equalJSON(iv, hvv) {
					out = append(out, Diff{Kind: "stdin", Key: "tool_input." + ik, Detail: fmt.Sprintf("%s, Claude Code %s", jsonShort(hvv), jsonShort(iv))})
				} else if !ok && !modelOptional[ik] {
					out = append(out, Diff{Kind: "stdin", Key: "tool_input." + ik, Detail: "missing (Claude Code: " + jsonShort(iv) + ")"})
				}
			}
			for ik, iv := range hm {
				if _, ok := cm[ik]; !ok {
					out = append(out, Diff{Kind: "stdin", Key: "tool_input." + ik, Detail: "the host adds " + jsonShort(iv)})
				}
			}
		case k == "tool_response":
			cm, cObj := cv.(map[string]any)
			hm, hObj := hv.(map[string]any)
			if cObj != hObj {
				out = append(out, Diff{Kind: "stdin", Key: k, Detail: fmt.Sprintf("%s, Claude Code %s", jsonShort(hv), jsonShort(cv))})
				continue
			}
			if !cObj {
				if !equalJSON(cv, hv) {
					out = append(out, Diff{Kind: "stdin", Key: k, Detail: fmt.Sprintf("%s, Claude Code %s", jsonShort(hv), jsonShort(cv))})
				}
				continue
			}
			var rk []string
			for x := range cm {
				rk = append(rk, x)
			}
			sort.Strings(rk)
			for _, x := range rk {
				if !equalJSON(cm[x], hm[x]) {
					out = append(out, Diff{Kind: "stdin", Key: "tool_response." + x, Detail: fmt.Sprintf("%s, Claude Code %s", jsonShort(hm[x]), jsonShort(cm[x]))})
				}
			}
		default:
			if !equalJSON(cv, hv) {
				out = append(out, Diff{Kind: "stdin", Key: k, Detail: fmt.Sprintf("%s, Claude Code %s", jsonShort(hv), jsonShort(cv))})
			}
		}
	}
	return out
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func jsonShort(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 120 {
		return string(b[:120]) + "…"
	}
	return string(b)
}

// Warning patterns: a warning names a difference when it speaks of the
// difference's event, of what differs (effect) and of what in the hook's
// reply makes it differ (cause, one of the event's reply features).
var (
	effectWords = map[string]*regexp.Regexp{
		"ran":   regexp.MustCompile(`(?i)lets the call run|the call runs|call goes on|has no effect|no effect|never fires|left out|waits forever|refuses|denies the call|stops the agent before the call runs|not run`),
		"flow":  regexp.MustCompile(`(?i)stop|turn|loop|continu|cap\b`),
		"runs":  regexp.MustCompile(`(?i)fires|never|left out|matcher|continuation|twice|again|not run|skipped|only for`),
		"files": regexp.MustCompile(`(?i)timeout|async|synchronously|killed|stopped|not run|never`),
	}
	textWords = map[string]*regexp.Regexp{
		"additionalContext":        regexp.MustCompile(`(?i)context`),
		"reason":                   regexp.MustCompile(`(?i)reason|feedback|text|result`),
		"permissionDecisionReason": regexp.MustCompile(`(?i)reason|text`),
		"stopReason":               regexp.MustCompile(`(?i)stopReason|stop`),
		"systemMessage":            regexp.MustCompile(`(?i)systemMessage|system message`),
		"stderr":                   regexp.MustCompile(`(?i)stderr|feedback|reason|text`),
		"stdout":                   regexp.MustCompile(`(?i)stdout|plain|context`),
		"tool-output":              regexp.MustCompile(`(?i)output|result`),
	}
	textEffect = regexp.MustCompile(`(?i)ignore|never|dropped|replaces|instead|\bnot\b|no effect|waits|twice|again|left out|shows|escaped`)
	causeWords = map[string]*regexp.Regexp{
		"exit 2":            regexp.MustCompile(`(?i)exit 2|exit-2`),
		"deny":              regexp.MustCompile(`(?i)\bden(y|ies)\b`),
		"block":             regexp.MustCompile(`(?i)\bblocks?\b`),
		"ask":               regexp.MustCompile(`(?i)\bask\b`),
		"allow":             regexp.MustCompile(`(?i)\ballow\b`),
		"approve":           regexp.MustCompile(`(?i)\bapprove\b`),
		"continue:false":    regexp.MustCompile(`(?i)continue:\s?false`),
		"additionalContext": regexp.MustCompile(`(?i)additionalContext|context`),
		"systemMessage":     regexp.MustCompile(`(?i)systemMessage`),
		"updatedInput":      regexp.MustCompile(`(?i)updatedInput|rewrit`),
		"plain stdout":      regexp.MustCompile(`(?i)plain|stdout`),
	}
	stdinWords = map[string]*regexp.Regexp{
		"tool_response.stderr":   regexp.MustCompile(`(?i)stderr|merged|interleaved`),
		"last_assistant_message": regexp.MustCompile(`(?i)last_assistant_message|last answer`),
	}
)

// rewriteIgnored is a warning that the host does not apply a PreToolUse
// rewrite (all of what a rewrite changes follows from it).
var rewriteIgnored = regexp.MustCompile(`(?i)(updatedInput|rewrit)[^.;]*(ignor|dropped|not applied|has no effect|cannot)|(ignor|dropped|cannot)[^.;]*(updatedInput|rewrit)`)

// Classify splits diffs into those a warning names and those none does;
// a difference that follows from a warned difference of the turn
// (AfterFlow) counts as warned.
func Classify(diffs []Diff, warnings []string) (warned, unwarned []Diff) {
	flowWarned, ranWarned := false, false
	for _, d := range diffs {
		switch {
		case d.Kind == "flow" && Warned(d, warnings):
			flowWarned = true
		case d.Kind == "ran" && Warned(d, warnings):
			ranWarned = true
		}
	}
	for _, d := range diffs {
		// A call that did not run (or did) changes what followed it: the
		// tool hooks that ran, the files, the tool's output.
		afterRan := ranWarned && (d.Kind == "files" || d.Kind == "text" && d.Key == "tool-output" ||
			d.Kind == "runs" && (d.Event == "PreToolUse" || d.Event == "PostToolUse" || d.Event == "PostToolUseFailure"))
		if Warned(d, warnings) || d.AfterFlow && flowWarned || afterRan {
			warned = append(warned, d)
		} else {
			unwarned = append(unwarned, d)
		}
	}
	return warned, unwarned
}

// missingTool is a warning that the host has no tool for one the hook's
// own agent calls (a call reaches the hook as another tool, or not at
// all).
var missingTool = regexp.MustCompile(`(?i)never calls|has no tool|no tool for|not in|lacks`)

// Warned reports whether one of warnings names d.
func Warned(d Diff, warnings []string) bool {
	if d.Kind == "stdin" && d.Tool != "" && (d.Key == "tool_name" || strings.HasPrefix(d.Key, "tool_input") || strings.HasPrefix(d.Key, "tool_response")) {
		for _, w := range warnings {
			if regexp.MustCompile(`\b`+regexp.QuoteMeta(d.Tool)+`\b`).MatchString(w) && missingTool.MatchString(w) {
				return true
			}
		}
	}
	for _, w := range warnings {
		if d.Rewrite && strings.Contains(w, "PreToolUse") && rewriteIgnored.MatchString(w) {
			return true
		}
	}
	for _, w := range warnings {
		if d.Event != "" && !strings.Contains(w, d.Event) {
			continue
		}
		if warningNames(d, w) {
			return true
		}
	}
	return false
}

func warningNames(d Diff, w string) bool {
	cause := len(d.Causes) == 0
	for _, c := range d.Causes {
		if re, ok := causeWords[c]; ok && re.MatchString(w) {
			cause = true
		}
	}
	switch d.Kind {
	case "text":
		re := textWords[d.Key]
		return cause && re != nil && re.MatchString(w) && textEffect.MatchString(w)
	case "stdin":
		if re, ok := stdinWords[d.Key]; ok {
			return re.MatchString(w)
		}
		// The key itself (tool_response.stdout: "tool_response").
		k := d.Key
		if i := strings.IndexByte(k, '.'); i >= 0 {
			return strings.Contains(w, k[i+1:]) && strings.Contains(w, k[:i])
		}
		return strings.Contains(w, k)
	case "runs":
		return effectWords["runs"].MatchString(w)
	default:
		re := effectWords[d.Kind]
		return cause && re != nil && re.MatchString(w)
	}
}

// ReadWarnings reads convert's warnings (one "file:line:col: code:
// message" a line) from a case's convert.stderr; a missing file is none.
func ReadWarnings(dir string) []string {
	b, err := os.ReadFile(filepath.Join(dir, "convert.stderr"))
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// ModelScript reads a host case's model.json: its turns' output items
// and the fallback's.
func ModelScript(dir string) (turns [][]map[string]any, fallback []map[string]any, err error) {
	b, err := os.ReadFile(filepath.Join(dir, "model.json"))
	if err != nil {
		return nil, nil, err
	}
	var m struct {
		Turns []struct {
			Output []map[string]any `json:"output"`
		} `json:"turns"`
		Fallback *struct {
			Output []map[string]any `json:"output"`
		} `json:"fallback"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, nil, fmt.Errorf("%s/model.json: %w", dir, err)
	}
	for _, t := range m.Turns {
		turns = append(turns, t.Output)
	}
	fallback = []map[string]any{{"type": "text", "text": "fallback"}}
	if m.Fallback != nil {
		fallback = m.Fallback.Output
	}
	return turns, fallback, nil
}

// CrossSummary counts a replay's cases: those with the same effect,
// those whose every difference a warning names, those with an unwarned
// difference.
type CrossSummary struct {
	Same, Warned, Differ int
}

func (s CrossSummary) String() string {
	return fmt.Sprintf("%d same effect, %d only warned differences, %d differ", s.Same, s.Warned, s.Differ)
}

// ReplayCross replays each cross-agent case twice — its recorded
// converted file (<Host>/hooks.json) and today's convert of it (today
// returns the file and its warnings) — through replay, the host agent's
// simulation, and compares what the model got with the case's Claude
// Code recording ([CompareEffects]). A difference a convert warning
// names ([Classify]) is logged; one no warning names fails the case. It
// logs "Cross-agent replay (<title>): N cases: <summary>" and returns
// the counts.
func ReplayCross(t *testing.T, title string, cases []CrossCase, today func(t *testing.T, host string) (string, []string), replay func(t *testing.T, host, file string) *Effect) CrossSummary {
	t.Helper()
	var sum CrossSummary
	for _, cc := range cases {
		t.Run(cc.Name, func(t *testing.T) {
			side, err := ReadClaude(cc.Claude)
			if err != nil {
				t.Fatal(err)
			}
			file, todayWarnings := today(t, cc.Host)
			warnings := append(ReadWarnings(cc.Host), todayWarnings...)
			worst := 0
			for _, cfg := range []struct{ name, file string }{{"as recorded", filepath.Join(cc.Host, "hooks.json")}, {"today's convert", file}} {
				level := 0
				warned, unwarned := Classify(CompareEffects(side, replay(t, cc.Host, cfg.file)), warnings)
				for _, d := range warned {
					t.Logf("%s: warned: %s", cfg.name, d)
					level = 1
				}
				for _, d := range unwarned {
					t.Errorf("%s: a difference no convert warning names: %s", cfg.name, d)
					level = 2
				}
				worst = max(worst, level)
			}
			switch worst {
			case 0:
				sum.Same++
			case 1:
				sum.Warned++
			default:
				sum.Differ++
			}
		})
	}
	t.Logf("Cross-agent replay (%s): %d cases: %s", title, len(cases), sum)
	return sum
}
