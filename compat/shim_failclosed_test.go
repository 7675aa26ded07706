package compat

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// endless is a reader of prefix followed by fill bytes without end.
type endless struct {
	prefix []byte
	fill   byte
}

func (r *endless) Read(p []byte) (int, error) {
	n := copy(p, r.prefix)
	r.prefix = r.prefix[n:]
	if n == len(p) {
		return n, nil
	}
	// Filled by doubling copies: a byte loop over 64 MiB is seconds under
	// -race, per read.
	p[n] = r.fill
	for filled := n + 1; filled < len(p); {
		filled += copy(p[filled:], p[n:filled])
	}
	return len(p), nil
}

// unreadable are payloads the shim cannot read, by what is wrong.
func unreadable() map[string]func() io.Reader {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	return map[string]func() io.Reader{
		"not JSON":  func() io.Reader { return strings.NewReader("hello, world") },
		"truncated": func() io.Reader { return strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Ba`) },
		"nested deeper": func() io.Reader {
			return strings.NewReader(`{"hook_event_name":"PreToolUse","tool_input":` + deep + `}`)
		},
		"over 64 MiB": func() io.Reader {
			return &endless{prefix: []byte(`{"hook_event_name":"PreToolUse","tool_input":{"content":"`), fill: 'x'}
		},
		"stdin closed early":      func() io.Reader { return strings.NewReader("") },
		"two values":              func() io.Reader { return strings.NewReader(`{"event":"pre_tool"} {"event":"pre_tool"}`) },
		"not a host payload":      func() io.Reader { return strings.NewReader(`{"neither":"native nor an agent's"}`) },
		"an array, not an object": func() io.Reader { return strings.NewReader(`[1,2,3]`) },
	}
}

// hosts are the shim's hosts: the native engine and every format that
// hosts converted hooks.
func shimHosts() []string {
	hosts := []string{settings.ProtocolNative}
	for _, f := range format.All() {
		if _, ok := f.(format.Host); ok {
			hosts = append(hosts, f.Name())
		}
	}
	return hosts
}

// hostReads classifies the shim's answer as the host agent reads a hook
// that answered so: the host format's own protocol (the native one for
// the native engine) given the shim's exit status and output.
func hostReads(t *testing.T, host string, code int, stdout, stderr []byte) runner.HookReply {
	t.Helper()
	p := runner.Native()
	if host != settings.ProtocolNative {
		f, ok := format.Lookup(host)
		require.True(t, ok, host)
		p = f.Protocol(nil)
	}
	h := &settings.Hook{Event: settings.PreTool, Protocol: host, Command: "hookcompat exec …", Timeout: 10e9}
	if host == settings.ProtocolNative {
		h.Protocol = ""
	}
	ev := &runner.Event{Name: settings.PreTool, Tool: "shell", Args: []byte(`{"command":"rm -rf /"}`)}
	return p.Classify(h, ev, &runner.RunResult{ExitCode: code, Stdout: stdout, Stderr: stderr})
}

// A fail-closed exec shim that cannot read its payload answers a block
// its host reads as a block — in the native engine, Codex, Gemini CLI,
// Qwen Code and Cursor alike — never exit 1 without a reply (which they
// read as non-blocking). A shim that is not fail-closed still fails
// open with exit 1 and no reply.
func TestFailClosedShimBlocksOnEveryFailureOfItsOwn(t *testing.T) {
	hosts := shimHosts()
	require.GreaterOrEqual(t, len(hosts), 5, "%v", hosts)
	for _, host := range hosts {
		for what, payload := range unreadable() {
			for _, failClosed := range []bool{true, false} {
				args := []string{"--protocol", "claude", "--event", "PreToolUse", "--timeout", "10"}
				if host != settings.ProtocolNative {
					args = append([]string{"--host", host}, args...)
				}
				if failClosed {
					args = append(args, "--fail-closed")
				}
				args = append(args, "--", "echo should-not-run >&2")
				var stdout, stderr bytes.Buffer
				r := payload()
				code := RunShim(context.Background(), args, ShimIO{
					ReadEvent: func() ([]byte, error) { return ReadEvent(r) },
					Stdout:    &stdout, Stderr: &stderr, Dir: t.TempDir(),
				})
				name := host + ", " + what
				assert.NotContains(t, stderr.String(), "should-not-run", name)
				assert.Contains(t, stderr.String(), "hookcompat: exec: ", "%s: the failure is on stderr", name)
				got := hostReads(t, host, code, stdout.Bytes(), stderr.Bytes())
				if failClosed {
					assert.True(t, got.Decision.Blocks(), "%s: fail-closed: the host reads a block (exit %d, stdout %q)", name, code, stdout.String())
				} else {
					assert.Equal(t, 1, code, "%s: fail-open: exit 1", name)
					assert.Empty(t, stdout.String(), name)
					// A host that denies a tool call whose hook exits 1
					// (Copilot's preToolUse is fail-closed) reads the
					// failed shim as a block too.
					hostFailsClosed := hostReads(t, host, 1, nil, nil).Decision.Blocks()
					assert.Equal(t, hostFailsClosed, got.Decision.Blocks(), name)
				}
			}
		}
	}
}

// A fail-closed shim whose command line does not parse exits 2 (a block
// in every host, its stderr the reason); one that is not fail-closed
// exits 1, as before.
func TestFailClosedShimWithABadCommandLineExits2(t *testing.T) {
	for _, args := range [][]string{
		{"--protocol", "claude", "--event", "NoSuchEvent", "--fail-closed", "--", "true"},
		{"--host", "no-such-host", "--protocol", "claude", "--event", "PreToolUse", "--fail-closed", "--", "true"},
		{"--protocol", "claude", "--event", "PreToolUse", "--timeout", "1e300", "--fail-closed", "--", "true"},
	} {
		var stdout, stderr bytes.Buffer
		sio := ShimIO{ReadEvent: func() ([]byte, error) { return []byte(`{"event":"pre_tool"}`), nil }, Stdout: &stdout, Stderr: &stderr}
		assert.Equal(t, 2, RunShim(context.Background(), args, sio), "%q: %s", args, stderr.String())
		open := append([]string(nil), args...)
		for i, a := range open {
			if a == "--fail-closed" {
				open = append(open[:i:i], open[i+1:]...)
				break
			}
		}
		assert.Equal(t, 1, RunShim(context.Background(), open, sio), "%q", open)
	}
}
