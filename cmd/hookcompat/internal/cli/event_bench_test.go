package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/hookcompat/hookcompat/internal/benchratio"
)

// bigEvent is a native pre_tool event of about size bytes: a Write whose
// content is source text (lines, quotes, tabs, backslashes and
// non-ASCII, as files are), encoded as a native engine sends it.
func bigEvent(tb testing.TB, size int) []byte {
	tb.Helper()
	line := "\tfmt.Println(\"héllo, \\\"wörld\\\" → 世界\") // a line of code <tag> & more\n"
	// Escaped in JSON, a line takes more bytes than it holds.
	escaped, _ := json.Marshal(line)
	n := size * len(line) / (len(escaped) - 2)
	content := strings.Repeat(line, n/len(line)+1)[:n]
	ev := map[string]any{
		"event": "pre_tool", "session_id": "s-1", "workspace": "/work/proj", "cwd": "/work/proj",
		"prompt_id": "p-1", "transcript_path": "/tmp/t.jsonl", "permission_mode": "default", "agent": "",
		"tool": "write", "tool_call_id": "toolu_1",
		"args": map[string]any{"file_path": "/work/proj/big.go", "content": content},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(ev); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// BenchmarkEventToClaude is `hookcompat event --to claude` (read the
// event, parse it, build the Claude payload, write it) on native events
// of 1, 20 and 60 MiB, against encoding/json decoding the same bytes into
// a generic value and encoding it again, in the same run: x-time is the
// translation's cost in units of that baseline (target: within 2×).
func BenchmarkEventToClaude(b *testing.B) {
	for _, mib := range []int{1, 20, 60} {
		b.Run(fmt.Sprintf("%dMiB", mib), func(b *testing.B) {
			data := bigEvent(b, mib<<20)
			opts := &eventOptions{IO: IO{Out: io.Discard, Err: io.Discard}, To: "claude", Project: "/work/proj"}
			b.SetBytes(int64(len(data)))
			benchratio.Run(b, func() {
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
				enc := json.NewEncoder(io.Discard)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(v); err != nil {
					b.Fatal(err)
				}
			}, func() {
				opts.In = bytes.NewReader(data)
				if err := runEvent(opts); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
