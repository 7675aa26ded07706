package golden_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/claude/judge"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/runner"
)

// Prompt and agent hooks of a recorded case run through hookcompat's
// judge (package compat/claude/judge), whose Messages API is a local
// fake serving what the oracle's fake model answered: model.json's aux
// reply for a prompt hook's request (its error and delay included), the
// recorded agent turns for an agent hook's. The requests the judge sends
// are compared with those Claude sent (raw/requests.jsonl: model, output
// limit, thinking, temperature, structured output, and the hook's prompt
// text with the hook input in it).

// fakeAPI is one case's fake Messages API.
type fakeAPI struct {
	srv      *httptest.Server
	aux      map[string]any   // model.json's aux reply
	agent    []map[string]any // the replies to the agent requests, in order
	mu       sync.Mutex
	received [][]byte // the judge's request bodies, in order
	agentAt  int
}

// judgeRecorded are the judge requests Claude sent (raw/requests.jsonl).
func (rc *claudeCase) judgeRecorded() []gjson.Result {
	data, err := os.ReadFile(filepath.Join(rc.c.Dir, "raw", "requests.jsonl"))
	if err != nil {
		return nil
	}
	var out []gjson.Result
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, gjson.Parse(line))
		}
	}
	return out
}

// startJudge starts the case's fake API and returns the judge asking it,
// or nil when the case's settings have no prompt or agent hook.
func (rc *claudeCase) startJudge() (runner.Judge, error) {
	hasJudged := false
	for _, f := range rc.files {
		data, _ := os.ReadFile(f)
		if strings.Contains(string(data), `"type": "prompt"`) || strings.Contains(string(data), `"type": "agent"`) {
			hasJudged = true
		}
	}
	if !hasJudged {
		return nil, nil
	}
	var script struct {
		Turns []map[string]any `json:"turns"`
		Aux   map[string]any   `json:"aux"`
	}
	data, err := os.ReadFile(filepath.Join(rc.c.Dir, "model.json"))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(rc.ph.Expand(strings.NewReplacer("{{PROJECT}}", "<PROJECT>", "{{HOME}}", "<HOME>").Replace(string(data)))), &script); err != nil {
		return nil, fmt.Errorf("model.json: %w", err)
	}
	fa := &fakeAPI{aux: script.Aux}
	if fa.aux == nil {
		fa.aux = map[string]any{"content": []any{map[string]any{"type": "text", "text": "ok"}}}
	}
	for _, r := range rc.judgeRecorded() {
		if r.Get("kind").String() == "main" {
			if t := int(r.Get("turn").Int()); t < len(script.Turns) {
				fa.agent = append(fa.agent, script.Turns[t])
			}
		}
	}
	fa.srv = httptest.NewServer(http.HandlerFunc(fa.serve))
	rc.fake = fa
	model := rc.c.String("model")
	switch model {
	case "":
		model = "claude-sonnet-4-5" // the oracle's pinned model
	case "cli-default":
		model = judge.DefaultModel
	}
	return judge.New(judge.Options{BaseURL: fa.srv.URL, APIKey: "dummy", Model: model, MaxRetries: -1}), nil
}

// serve answers one request of the judge.
func (fa *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	fa.mu.Lock()
	fa.received = append(fa.received, body)
	reply := fa.aux
	if tools := gjson.GetBytes(body, "tools"); tools.IsArray() && len(tools.Array()) > 0 {
		reply = map[string]any{"content": []any{map[string]any{"type": "text", "text": "(no recorded agent turn)"}}}
		if fa.agentAt < len(fa.agent) {
			reply = fa.agent[fa.agentAt]
		}
		fa.agentAt++
	}
	fa.mu.Unlock()
	if e, ok := reply["error"].(map[string]any); ok {
		status, _ := e["status"].(float64)
		w.Header().Set("content-type", "application/json")
		w.WriteHeader(int(status))
		b, _ := json.Marshal(map[string]any{"type": "error", "error": map[string]any{"type": e["type"], "message": e["message"]}})
		_, _ = w.Write(b)
		return
	}
	if d, _ := reply["delay_s"].(float64); d > 0 {
		select {
		case <-time.After(time.Duration(d * float64(time.Second))):
		case <-r.Context().Done():
			return
		}
	}
	content, _ := reply["content"].([]any)
	stop := "end_turn"
	for i, c := range content {
		if b, ok := c.(map[string]any); ok && b["type"] == "tool_use" {
			stop = "tool_use"
			if _, ok := b["id"]; !ok {
				b["id"] = fmt.Sprintf("toolu_fake_judge_%d", i)
			}
		}
	}
	w.Header().Set("content-type", "application/json")
	b, _ := json.Marshal(map[string]any{"id": "msg_fake", "type": "message", "role": "assistant", "model": gjson.GetBytes(body, "model").String(),
		"content": content, "stop_reason": stop, "stop_sequence": nil, "usage": map[string]any{"input_tokens": 10, "output_tokens": 5}})
	_, _ = w.Write(b)
}

// checkJudgeRequests compares the judge's requests with Claude's.
func (rc *claudeCase) checkJudgeRequests() {
	if rc.fake == nil {
		return
	}
	rc.fake.srv.Close()
	want := rc.judgeRecorded()
	got := rc.fake.received
	if len(got) == 0 && len(want) > 0 {
		rc.fail("Claude asked the model %d time(s) for its prompt or agent hooks; hookcompat's judge never did", len(want))
		return
	}
	// Claude retried a request the API refused (HTTP 400); the judge does
	// not: the requests are compared as far as both go.
	for i := 0; i < len(got) && i < len(want); i++ {
		w, g := want[i].Get("body"), gjson.ParseBytes(got[i])
		label := fmt.Sprintf("judge request #%d", i+1)
		for _, k := range []string{"model", "max_tokens", "temperature", "thinking", "output_config"} {
			if !oracletest.JSONEqual([]byte(w.Get(k).Raw), []byte(g.Get(k).Raw)) && (w.Get(k).Exists() || g.Get(k).Exists()) {
				rc.fail("%s: %s is %s, Claude's %s", label, k, g.Get(k).Raw, w.Get(k).Raw)
			}
		}
		// The hook's prompt, with the hook input in it: the last text of
		// a prompt hook's request, the first message's of an agent's
		// first request (its later requests carry its own conversation).
		path := "messages.@reverse.0.content.@reverse.0.text"
		if want[i].Get("kind").String() == "main" {
			if len(w.Get("messages").Array()) > 1 {
				continue
			}
			path = "messages.0.content.@reverse.0.text"
		}
		wt, gt := rc.norm(w.Get(path).String()), rc.norm(g.Get(path).String())
		if wt != gt {
			rc.fail("%s: the prompt is\n%s\nClaude's\n%s", label, gt, wt)
		}
		// A stop-condition prompt hook's conversation (the replay wrote
		// the transcript Claude had written).
		if want[i].Get("kind").String() == "aux" {
			rc.checkSystemLength(label, w, g)
			if wc, gc := rc.conversationOf(w), rc.conversationOf(g); wc != gc {
				rc.fail("%s: the conversation is\n%s\nClaude's\n%s", label, gc, wc)
			}
		}
	}
}

// TestClaudeReplayJudgeRequests: the replay fails when Claude's recorded
// judge request differs from the judge's (another prompt text).
func TestClaudeReplayJudgeRequests(t *testing.T) {
	src := filepath.Join("..", "testdata", "recordings", "claude", "hc_prompt_pre_ok")
	dir := filepath.Join(t.TempDir(), "hc_prompt_pre_ok")
	copyTree(t, src, dir)
	res := replayClaudeCase(dir)
	require.NoError(t, res.err)
	require.Empty(t, res.problems, "the unaltered recording matches")
	p := filepath.Join(dir, "raw", "requests.jsonl")
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	altered := strings.Replace(string(data), "Is this command safe?", "Is this command harmless?", 1)
	require.NotEqual(t, string(data), altered)
	require.NoError(t, os.WriteFile(p, []byte(altered), 0o644))
	res = replayClaudeCase(dir)
	require.NoError(t, res.err)
	assert.NotEmpty(t, res.problems, "the replay must fail on an altered judge request")
}

// writeTranscript writes, before a main-loop Stop of a case with prompt
// or agent hooks, the transcript Claude Code had written by then at the
// payload's transcript_path: the main conversation's requests and
// replies up to that Stop's turn, in Claude's JSONL (recorded by a hook
// in hc_prompt_stop_transcript): the prompt a user entry with a string
// content, each block of a reply an assistant entry, tool results user
// entries without the reminders Claude appends, a hook's feedback a meta
// user entry without Claude's <system-reminder> wrapper; Claude's
// context reminders are attachments there, left out here.
func (rc *claudeCase) writeTranscript(o *occurrence) error {
	if rc.fake == nil || o.event != "Stop" {
		return nil
	}
	path, _ := o.payload["transcript_path"].(string)
	if path == "" {
		return nil
	}
	path = rc.ph.Expand(path)
	rc.stops++
	// A hook's feedback, as Claude sent it: "<system-reminder>\n<the
	// hook-output preamble>\n<Event> hook feedback:\n…\n</system-reminder>".
	feedback := regexp.MustCompile(`(?s)^<system-reminder>\n[^\n]*\n((?:Stop|SubagentStop) hook feedback:\n.*)\n</system-reminder>$`)
	var out []byte
	add := func(typ string, content any, meta bool) {
		e := map[string]any{"type": typ, "message": map[string]any{"role": typ, "content": content}}
		if meta {
			e["isMeta"] = true
		}
		b, _ := json.Marshal(e)
		out = append(append(out, b...), '\n')
	}
	ends := 0
	for i, t := range rc.view.Obs.ModelTurns {
		if rc.view.Threads[i] != 0 {
			continue
		}
		for _, m := range t.New {
			for _, b := range m.Content {
				switch {
				case b.Type == "text" && feedback.MatchString(b.Text):
					add("user", feedback.FindStringSubmatch(b.Text)[1], true)
				case b.Type == "text" && !strings.HasPrefix(b.Text, "<system-reminder>"):
					add("user", b.Text, false)
				case b.Type == "tool_result":
					var content any = b.Content
					var s string
					if json.Unmarshal(b.Content, &s) == nil {
						content, _, _ = strings.Cut(s, "\n\n<system-reminder>")
					}
					add("user", []any{map[string]any{"tool_use_id": b.ToolUseID, "type": "tool_result", "content": content, "is_error": b.IsError != nil && *b.IsError}}, false)
				}
			}
		}
		for j, b := range t.FakeReply {
			switch b.Type {
			case "text":
				add("assistant", []any{map[string]any{"type": "text", "text": b.Text}}, false)
			case "tool_use":
				add("assistant", []any{map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_fake_t%d_b%d", i, j), "name": b.Name, "input": b.Input}}, false)
			}
		}
		if rc.view.EndsTurn(i) {
			if ends++; ends == rc.stops {
				break
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o644)
}

// conversationOf is a request's conversation before its last message,
// without Claude's context reminders (text blocks of their own, or
// appended to a tool result) and cache markers, a string content as a
// text block.
func (rc *claudeCase) conversationOf(body gjson.Result) string {
	msgs := body.Get("messages").Array()
	if len(msgs) == 0 {
		return ""
	}
	var out []any
	for _, m := range msgs[:len(msgs)-1] {
		var blocks []any
		content := m.Get("content")
		if content.Type == gjson.String {
			b, _ := json.Marshal([]any{map[string]any{"type": "text", "text": content.String()}})
			content = gjson.ParseBytes(b)
		}
		for _, b := range content.Array() {
			var v map[string]any
			_ = json.Unmarshal([]byte(b.Raw), &v)
			delete(v, "cache_control")
			if txt, _ := v["text"].(string); v["type"] == "text" && strings.HasPrefix(txt, "<system-reminder>") && !strings.Contains(txt, " hook feedback:\n") {
				continue
			}
			if c, ok := v["content"].(string); ok && v["type"] == "tool_result" {
				c, _, _ = strings.Cut(c, "\n\n<system-reminder>")
				v["content"] = c
			}
			blocks = append(blocks, v)
		}
		if len(blocks) > 0 {
			out = append(out, map[string]any{"role": m.Get("role").String(), "content": blocks})
		}
	}
	b, _ := json.MarshalIndent(out, "", " ")
	return rc.norm(string(b))
}

// billingBlockChars is the length of the system block Claude puts before
// a prompt hook's system prompt and the judge leaves out (its
// x-anthropic-billing-header accounting line; measured: the same in every
// recorded prompt hook's request), as the oracle counts it.
const billingBlockChars = 104

var elidedSystem = regexp.MustCompile(`^<elided system: (\d+) chars`)

// pyJSONLen is the length of v as the oracle measures an elided field:
// Python's json.dumps(v, sort_keys=True) (", " and ": " separators,
// non-ASCII escaped as \uXXXX).
func pyJSONLen(v any) int {
	switch x := v.(type) {
	case map[string]any:
		n := 2 + 2*max(len(x)-1, 0)
		for k, e := range x {
			n += pyJSONLen(k) + 2 + pyJSONLen(e)
		}
		return n
	case []any:
		n := 2 + 2*max(len(x)-1, 0)
		for _, e := range x {
			n += pyJSONLen(e)
		}
		return n
	case string:
		n := 2
		for _, r := range x {
			switch {
			case r == '"' || r == '\\' || r == '\n' || r == '\r' || r == '\t' || r == '\b' || r == '\f':
				n += 2
			case r < 0x20 || (r > 0x7e && r <= 0xffff):
				n += 6
			case r > 0xffff:
				n += 12
			default:
				n++
			}
		}
		return n
	default:
		b, _ := json.Marshal(x)
		return len(b)
	}
}

// checkSystemLength compares a prompt hook's system prompt with Claude's
// by length (the recording keeps Claude's system prompt as its length
// and a hash of a text that includes the billing line).
func (rc *claudeCase) checkSystemLength(label string, w, g gjson.Result) {
	m := elidedSystem.FindStringSubmatch(w.Get("system").String())
	if m == nil {
		return
	}
	var sys any
	_ = json.Unmarshal([]byte(g.Get("system").Raw), &sys)
	if want, _ := strconv.Atoi(m[1]); pyJSONLen(sys)+billingBlockChars != want {
		rc.fail("%s: the system prompt has %d characters, Claude's %d (its billing block of %d aside)", label, pyJSONLen(sys), want-billingBlockChars, billingBlockChars)
	}
}
