package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/settings"
)

// MCPCaller calls MCP tools for mcp_tool hooks (Claude Code's mcp_tool
// handlers, claude §2.2) through the embedding agent's MCP clients. It
// must be safe for concurrent use and return when ctx ends (the hook's
// timeout, or the caller's cancellation). One that does not is abandoned
// then, and one that panics has failed, as a [Judge].
type MCPCaller interface {
	CallTool(ctx context.Context, call *MCPCall) (MCPResult, error)
}

// MCPCallerFunc adapts a function to the [MCPCaller] interface.
type MCPCallerFunc func(ctx context.Context, call *MCPCall) (MCPResult, error)

// CallTool calls f.
func (f MCPCallerFunc) CallTool(ctx context.Context, call *MCPCall) (MCPResult, error) {
	return f(ctx, call)
}

// MCPCall is one tool call an mcp_tool hook asks for. It is read-only.
type MCPCall struct {
	// Hook is the mcp_tool hook.
	Hook *settings.Hook
	// Event is the event as the engine fired it (a copy).
	Event *Event
	// Protocol is the hook's protocol ("claude").
	Protocol string
	// Server and Tool name the MCP server (as the agent names it) and the
	// tool to call: the hook's MCPServer and MCPTool.
	Server, Tool string
	// Input is the call's arguments, a JSON object: the hook's MCPInput
	// with every "${path}" in its string values replaced by the value at
	// that path (gjson syntax, as Claude's "${tool_input.file_path}") of
	// the event as the hook's protocol encodes it ("" when absent); "{}"
	// when the hook has none.
	Input json.RawMessage
}

// MCPResult is what an MCP tool call returned.
type MCPResult struct {
	// Text is the result's text content, joined: the hook's protocol
	// reads it as a command hook's stdout (a Claude hook's JSON output).
	Text string
	// IsError reports a result the server marked as an error: a failure
	// of the hook (non-blocking unless fail_closed).
	IsError bool
}

// runMCP runs an mcp_tool hook through the configured MCPCaller: the
// result's text is read by the hook's protocol as stdout of exit status 0,
// an error result as exit status 1 with the text on stderr; a call that
// fails, panics, times out or is cancelled is classified like a command
// hook that did, and one that does not return when its context ends is
// abandoned then (callback.go).
func (e *Engine) runMCP(ctx context.Context, p Protocol, h *settings.Hook, ev *Event, shared func() (*Payload, error)) (HookReply, *RunResult) {
	if e.opts.MCP == nil {
		return notRunnable(h, "no MCP caller configured for mcp_tool hooks"), nil
	}
	start := time.Now()
	res := &RunResult{ExitCode: -1}
	args, err := hookStdin(p, h, ev, shared)
	var input json.RawMessage
	if err == nil {
		input, err = expandMCPInput(h.MCPInput, args)
	}
	if err != nil {
		res.StartErr = err
		res.Duration = time.Since(start)
		return p.Classify(h, ev, res), res
	}
	evc := ev.Clone()
	call := &MCPCall{Hook: h, Event: &evc, Protocol: p.Name(), Server: h.MCPServer, Tool: h.MCPTool, Input: input}
	cctx, cancel := context.WithTimeout(ctx, h.EffectiveTimeout())
	defer cancel()
	out, err := callGuarded(cctx, "mcp_tool caller", func(ctx context.Context) (MCPResult, error) { return e.opts.MCP.CallTool(ctx, call) })
	res.Duration = time.Since(start)
	switch {
	case cctx.Err() != nil:
		classifyCtxErr(ctx, cctx, res)
	case err != nil:
		res.StartErr = fmt.Errorf("mcp_tool %s/%s: %w", h.MCPServer, h.MCPTool, err)
	case out.IsError:
		res.ExitCode, res.Stderr = 1, []byte(out.Text)
	default:
		res.ExitCode, res.Stdout = 0, []byte(out.Text)
	}
	return p.Classify(h, ev, res), res
}

var inputRef = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\$\{([^}]*)\}`) }}

// expandMCPInput replaces "${path}" in the string values of input (a JSON
// object, nested to any depth) by the value at path of payload.
func expandMCPInput(input json.RawMessage, payload []byte) (json.RawMessage, error) {
	if len(bytes.TrimSpace(input)) == 0 {
		return json.RawMessage("{}"), nil
	}
	dec := json.NewDecoder(bytes.NewReader(input))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("mcp_tool input: %w", err)
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, fmt.Errorf("mcp_tool input: want a JSON object, got %s", bytes.TrimSpace(input))
	}
	doc := gjson.ParseBytes(payload)
	var walk func(any) any
	walk = func(x any) any {
		switch t := x.(type) {
		case string:
			return inputRef.Get().ReplaceAllStringFunc(t, func(ref string) string {
				return doc.Get(inputRef.Get().FindStringSubmatch(ref)[1]).String()
			})
		case map[string]any:
			for k, val := range t {
				t[k] = walk(val)
			}
		case []any:
			for i, val := range t {
				t[i] = walk(val)
			}
		}
		return x
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(walk(v)); err != nil {
		return nil, fmt.Errorf("mcp_tool input: %w", err)
	}
	return bytes.TrimSpace(b.Bytes()), nil
}
