package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// run asks a prompt hook's model when the environment names a Messages
// API (ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY): here a local fake that
// blocks; without it the hook is not_runnable.
func TestRunPromptHookAsksTheEnvironmentsAPI(t *testing.T) {
	var got []byte
	var key string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, _ = io.ReadAll(r.Body)
		key = r.Header.Get("x-api-key")
		w.Header().Set("content-type", "application/json")
		_, _ = io.WriteString(w, `{"id":"m","type":"message","role":"assistant","model":"claude-haiku-4-5","content":[{"type":"text","text":"{\"ok\": false, \"reason\": \"NOT-SAFE\"}"}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`)
	}))
	defer srv.Close()
	dir := t.TempDir()
	settings := filepath.Join(dir, "settings.json")
	require.NoError(t, os.WriteFile(settings, []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"prompt","prompt":"Is this command safe?","model":"claude-haiku-4-5"}]}]}}`), 0o644))
	payload := `{"session_id":"s","transcript_path":"` + filepath.Join(dir, "t.jsonl") + `","cwd":"` + dir + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"},"tool_use_id":"t1"}`
	run := func() (string, string) {
		var out, errb bytes.Buffer
		code := Run(context.Background(), []string{"run", "--settings", settings, "--project", dir}, IO{In: strings.NewReader(payload), Out: &out, Err: &errb})
		require.Equal(t, 0, code, errb.String())
		return out.String(), errb.String()
	}

	t.Setenv("ANTHROPIC_API_KEY", "")
	t.Setenv("ANTHROPIC_AUTH_TOKEN", "")
	out, _ := run()
	assert.Equal(t, "not_runnable", gjson.Get(out, "hooks.0.outcome").String(), "no API in the environment")
	assert.Empty(t, got)

	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	t.Setenv("ANTHROPIC_API_KEY", "test-key")
	out, _ = run()
	assert.Equal(t, "deny", gjson.Get(out, "decision").String())
	assert.Contains(t, gjson.Get(out, "reason").String(), "NOT-SAFE")
	require.NotEmpty(t, got, "the hook's model was asked")
	assert.Equal(t, "test-key", key)
	assert.Equal(t, "claude-haiku-4-5", gjson.GetBytes(got, "model").String(), "the hook's own model")
	assert.Contains(t, gjson.GetBytes(got, "messages.0.content.0.text").String(), "Is this command safe?\n\nARGUMENTS: ")
	assert.Equal(t, "json_schema", gjson.GetBytes(got, "output_config.format.type").String())
}
