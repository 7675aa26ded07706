package golden_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
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
