package judge

import (
	"context"
	"encoding/json"
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

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// fake is a local Messages API answering with replies in order.
type fake struct {
	t       *testing.T
	mu      sync.Mutex
	replies []string // response bodies; "status:NNN" answers an error
	got     []gjson.Result
	headers []http.Header
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.got = append(f.got, gjson.ParseBytes(body))
	f.headers = append(f.headers, r.Header.Clone())
	var reply string
	if len(f.replies) > 0 {
		reply, f.replies = f.replies[0], f.replies[1:]
	}
	f.mu.Unlock()
	w.Header().Set("content-type", "application/json")
	switch reply {
	case "status:400":
		w.WriteHeader(400)
		_, _ = io.WriteString(w, `{"type":"error","error":{"type":"invalid_request_error","message":"bad"}}`)
		return
	case "hang":
		<-r.Context().Done()
		return
	}
	_, _ = io.WriteString(w, reply)
}

func apiMessage(blocks string) string {
	return `{"id":"m","type":"message","role":"assistant","model":"x","content":` + blocks + `,"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`
}

func textReply(s string) string {
	b, _ := json.Marshal(s)
	return apiMessage(`[{"type":"text","text":` + string(b) + `}]`)
}

func newJudge(t *testing.T, model string, replies ...string) (*Judge, *fake) {
	f := &fake{t: t, replies: replies}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return New(Options{BaseURL: srv.URL, APIKey: "k", Model: model, MaxRetries: -1}), f
}

func judgeReq(typ string, ev settings.Event, prompt string) *runner.JudgeRequest {
	return &runner.JudgeRequest{Hook: &settings.Hook{Type: typ, Prompt: prompt}, Event: &runner.Event{Name: ev, Workspace: "/p", Cwd: "/p"},
		Protocol: claude.Name, Prompt: prompt}
}

// TestPromptRequest: a prompt hook's request is Claude's (recorded:
// hc_prompt_pre_ok, hc_prompt_stop_block, hc_prompt_default_model).
func TestPromptRequest(t *testing.T) {
	j, f := newJudge(t, "claude-sonnet-4-5", textReply(`{"ok": false, "reason": "R"}`), textReply(` {"ok": true, "reason": "fine"} `), textReply(`{"ok":true,"reason":"x"}`))
	req := judgeReq(settings.TypePrompt, settings.PreTool, "Is this safe?\n\nARGUMENTS: {}")
	req.Hook.Model = "claude-haiku-4-5"
	v, err := j.Judge(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, runner.Verdict{Decision: runner.DecisionBlock, Reason: "R"}, v)
	g := f.got[0]
	assert.Equal(t, "claude-haiku-4-5", g.Get("model").String(), "the hook's own model")
	assert.Equal(t, int64(32000), g.Get("max_tokens").Int())
	assert.JSONEq(t, `{"type":"disabled"}`, g.Get("thinking").Raw)
	assert.Equal(t, float64(1), g.Get("temperature").Float())
	assert.JSONEq(t, `[]`, g.Get("tools").Raw)
	assert.JSONEq(t, `{"format":{"type":"json_schema","schema":{"type":"object","properties":{"ok":{"type":"boolean"},"reason":{"type":"string"},"impossible":{"type":"boolean"}},"required":["ok","reason"],"additionalProperties":false}}}`, g.Get("output_config").Raw)
	assert.Equal(t, sdkLine, g.Get("system.0.text").String())
	assert.Equal(t, promptSystem, g.Get("system.1.text").String())
	assert.JSONEq(t, `[{"role":"user","content":[{"type":"text","text":"Is this safe?\n\nARGUMENTS: {}","cache_control":{"type":"ephemeral"}}]}]`, g.Get("messages").Raw)
	assert.Equal(t, "structured-outputs-2025-12-15", f.headers[0].Get("anthropic-beta"))
	assert.Equal(t, "k", f.headers[0].Get("x-api-key"))

	// Stop: the stop-condition system prompt; the session's model.
	v, err = j.Judge(context.Background(), judgeReq(settings.TypePrompt, settings.Stop, "Based on …\n\nCondition: done?"))
	require.NoError(t, err)
	assert.Equal(t, runner.DecisionNone, v.Decision)
	assert.Equal(t, "claude-sonnet-4-5", f.got[1].Get("model").String())
	assert.Equal(t, stopSystem, f.got[1].Get("system.1.text").String())

	// The CLI's default model is asked with an effort level (recorded).
	d, fd := newJudge(t, "", textReply(`{"ok":true,"reason":"x"}`))
	_, err = d.Judge(context.Background(), judgeReq(settings.TypePrompt, settings.PreTool, "p"))
	require.NoError(t, err)
	assert.Equal(t, DefaultModel, fd.got[0].Get("model").String())
	assert.Equal(t, int64(128000), fd.got[0].Get("max_tokens").Int())
	assert.Equal(t, "medium", fd.got[0].Get("output_config.effort").String())
	assert.False(t, fd.got[0].Get("thinking").Exists())
	assert.False(t, fd.got[0].Get("temperature").Exists())
}

// TestStopConversation: a stop-condition prompt hook sends the
// conversation of the transcript as Claude Code sends it. The transcript
// is the one Claude had written at its second Stop (recorded by a hook
// in hc_prompt_stop_transcript: a prompt, a tool call and its result, a
// Stop hook's feedback), the request the one Claude sent; Claude's
// context reminders, which its transcript keeps as attachments, aside.
func TestStopConversation(t *testing.T) {
	rec := filepath.Join("..", "..", "..", "testdata", "recordings", "claude", "hc_prompt_stop_transcript")
	obs, err := os.ReadFile(filepath.Join(rec, "observed.json"))
	require.NoError(t, err)
	// The hook kept each user and assistant entry's content (and isMeta);
	// Claude's own lines have it under message.
	var transcript []byte
	for _, line := range strings.Split(gjson.GetBytes(obs, `side_effects.transcript-2\.jsonl`).String(), "\n") {
		e := gjson.Parse(line)
		if t := e.Get("type").String(); t == "user" || t == "assistant" {
			entry := map[string]any{"type": t, "message": map[string]any{"role": t, "content": json.RawMessage(e.Get("content").Raw)}}
			if e.Get("isMeta").Bool() {
				entry["isMeta"] = true
			}
			b, _ := json.Marshal(entry)
			transcript = append(append(transcript, b...), '\n')
		} else if line != "" {
			transcript = append(append(transcript, line...), '\n')
		}
	}
	require.NotEmpty(t, transcript)
	tr := filepath.Join(t.TempDir(), "s.jsonl")
	require.NoError(t, os.WriteFile(tr, transcript, 0o644))
	reqs, err := os.ReadFile(filepath.Join(rec, "raw", "requests.jsonl"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(reqs)), "\n")
	require.Len(t, lines, 2)
	claudes := gjson.Get(lines[1], "body.messages").Array()

	j, f := newJudge(t, "m", textReply(`{"ok":true,"reason":"x"}`))
	req := judgeReq(settings.TypePrompt, settings.Stop, claudes[len(claudes)-1].Get("content.0.text").String())
	req.Event.TranscriptPath = tr
	_, err = j.Judge(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, comparable(claudes), comparable(f.got[0].Get("messages").Array()))
	assert.Len(t, f.got[0].Get("messages").Array(), 7, "six messages of the conversation, then the question")
}

// comparable is a conversation without Claude's context reminders (text
// blocks of their own, or appended to a tool result) and cache markers,
// a string content as a text block.
func comparable(msgs []gjson.Result) string {
	var out []any
	for _, m := range msgs {
		var blocks []any
		content := m.Get("content")
		if content.Type == gjson.String {
			content = gjson.Parse(`[{"type":"text","text":` + content.Raw + `}]`)
		}
		for _, b := range content.Array() {
			var v map[string]any
			_ = json.Unmarshal([]byte(b.Raw), &v)
			delete(v, "cache_control")
			if txt, _ := v["text"].(string); v["type"] == "text" && strings.HasPrefix(txt, "<system-reminder>") && !strings.Contains(txt, "hook feedback:") {
				continue
			}
			if c, ok := v["content"].(string); ok && v["type"] == "tool_result" {
				v["content"], _, _ = strings.Cut(c, "\n\n<system-reminder>")
			}
			blocks = append(blocks, v)
		}
		out = append(out, map[string]any{"role": m.Get("role").String(), "content": blocks})
	}
	b, _ := json.MarshalIndent(out, "", " ")
	return string(b)
}

// TestPromptFailures: an API error, an answer that is not the JSON asked
// for and a request past the hook's timeout are errors, which Claude's
// protocol reads as the hook's non-blocking failure (recorded:
// hc_prompt_api_error, hc_prompt_bad_json, hc_prompt_timeout).
func TestPromptFailures(t *testing.T) {
	j, _ := newJudge(t, "m", "status:400", textReply("I think it is fine."), textReply(`{"reason":"no ok"}`), "hang")
	req := judgeReq(settings.TypePrompt, settings.PreTool, "p")
	_, err := j.Judge(context.Background(), req)
	assert.ErrorContains(t, err, "HTTP 400")
	_, err = j.Judge(context.Background(), req)
	assert.ErrorContains(t, err, "not the {\"ok\", \"reason\"} JSON")
	_, err = j.Judge(context.Background(), req)
	assert.Error(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = j.Judge(ctx, req)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

// TestAgentLoop: an agent hook may read files of the project and answers
// with StructuredOutput; without it, once reminded, there is no verdict
// (recorded: hc_agent_pre, hc_agent_no_verdict).
func TestAgentLoop(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("KEEP\nsecond\n"), 0o644))
	read := apiMessage(`[{"type":"tool_use","id":"t1","name":"Read","input":{"file_path":"` + filepath.Join(dir, "keep.txt") + `"}}]`)
	outside := apiMessage(`[{"type":"tool_use","id":"t2","name":"Read","input":{"file_path":"/etc/hostname"}}]`)
	answer := apiMessage(`[{"type":"text","text":"checked"},{"type":"tool_use","id":"t3","name":"StructuredOutput","input":{"ok":false,"reason":"AGENT-R"}}]`)
	j, f := newJudge(t, "m", read, outside, answer)
	req := judgeReq(settings.TypeAgent, settings.PreTool, "Is this safe? {}")
	req.Event.Workspace, req.Event.Cwd, req.Event.TranscriptPath = dir, dir, "/t/s.jsonl"
	v, err := j.Judge(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, runner.Verdict{Decision: runner.DecisionBlock, Reason: "AGENT-R"}, v)
	require.Len(t, f.got, 3)
	first := f.got[0]
	assert.Contains(t, first.Get("system.1.text").String(), "You are evaluating a PreToolUse hook in Claude Code.")
	assert.Contains(t, first.Get("system.1.text").String(), "The conversation transcript is available at: /t/s.jsonl")
	names := []string{}
	for _, tl := range first.Get("tools").Array() {
		names = append(names, tl.Get("name").String())
	}
	assert.Equal(t, []string{"Read", "StructuredOutput"}, names)
	assert.False(t, first.Get("output_config").Exists())
	assert.Equal(t, "1\tKEEP\n2\tsecond\n3\t", f.got[1].Get("messages.2.content.0.content").String())
	assert.True(t, f.got[2].Get("messages.4.content.0.is_error").Bool(), "a file outside the project is not read")

	j, f = newJudge(t, "m", textReply("fine"), textReply("still fine"))
	_, err = j.Judge(context.Background(), req)
	assert.ErrorContains(t, err, "no verdict")
	require.Len(t, f.got, 2)
	assert.Equal(t, enforce, f.got[1].Get("messages.@reverse.0.content.@reverse.0.text").String())
}

// TestFromEnv: the environment provides the API with a key or a token.
func TestFromEnv(t *testing.T) {
	env := map[string]string{"ANTHROPIC_BASE_URL": "http://127.0.0.1:9", "ANTHROPIC_MODEL": "claude-x"}
	_, ok := FromEnv(func(k string) string { return env[k] })
	assert.False(t, ok)
	env["ANTHROPIC_API_KEY"] = "k"
	o, ok := FromEnv(func(k string) string { return env[k] })
	assert.True(t, ok)
	assert.Equal(t, Options{BaseURL: "http://127.0.0.1:9", APIKey: "k", Model: "claude-x"}, o)
}
