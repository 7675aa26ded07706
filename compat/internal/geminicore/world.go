package geminicore

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
)

// What both agents tell a converted hook of another format about its
// world (format.HostWorld): their tool results read from the
// tool_response {llmContent, returnDisplay} they give hooks, and the
// continuations they send as prompts.

// ShellOutcome reads a shell call's llmContent as Gemini CLI writes it
// ("Output: …" then "Error: …", "Exit Code: N", "Signal: …",
// "Process Group PGID: …" lines, inside <untrusted_context>) or as Qwen
// Code writes it ("Command: …", "Directory: …", "Output: …", "Error: …",
// "Exit Code: N", …): the output (both streams interleaved, as the
// agents capture them through one terminal), the exit code when the text
// has one, and whether it was cancelled. ok is false for another text.
func ShellOutcome(llm string) (o *format.ToolOutcome, ok bool) {
	s := strings.TrimSpace(llm)
	s = strings.TrimPrefix(s, "<untrusted_context>")
	s = strings.TrimSuffix(s, "</untrusted_context>")
	s = strings.Trim(s, "\n")
	i := strings.Index(s, "Output: ")
	if i < 0 || (i > 0 && s[i-1] != '\n') {
		return nil, false
	}
	rest := s[i+len("Output: "):]
	end := len(rest)
	if m := shellTrailer.Get().FindStringIndex(rest); m != nil {
		end = m[0]
	}
	out := rest[:end]
	if out == "(empty)" {
		out = ""
	}
	o = &format.ToolOutcome{Output: out, Merged: true}
	if m := shellExit.Get().FindStringSubmatch(rest[end:]); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			o.ExitCode = &n
		}
	} else {
		zero := 0
		o.ExitCode = &zero // Gemini CLI writes an Exit Code line only when it is not 0
	}
	if m := shellError.Get().FindStringSubmatch(rest[end:]); m != nil && m[1] != "(none)" {
		o.Error = m[1]
	}
	return o, true
}

var (
	shellTrailer = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`\n(?:Error|Exit Code|Signal|Background PIDs|Process Group PGID): `)
	}}
	shellExit = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^Exit Code: (-?\d+)$`)
	}}
	shellError = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^Error: (.*)$`)
	}}
)

// ToolResponse is a tool_response as both agents give hooks.
type ToolResponse struct {
	LLMContent    json.RawMessage `json:"llmContent"`
	ReturnDisplay json.RawMessage `json:"returnDisplay"`
	Error         *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Text is the llmContent as text: a string, or the text parts of a list.
func (r *ToolResponse) Text() string { return PartsText(r.LLMContent) }

// PartsText is the text of a string, a part {text} or a list of parts.
func PartsText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		return b.String()
	}
	var part struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &part)
	return part.Text
}

// ToolOutcome is what the call of ev (native tool; Result the agent's
// tool_response, Error a failed call's text) did: a shell call's output
// and exit code, a write's or an edit's file before and after (the
// returnDisplay file diff {filePath, originalContent, newContent}), a
// read's content, any other tool's text.
func ToolOutcome(ev *runner.Event) *format.ToolOutcome {
	var r ToolResponse
	_ = json.Unmarshal(ev.Result, &r)
	text := r.Text()
	if text == "" && len(ev.Result) > 0 && ev.Result[0] == '"' {
		_ = json.Unmarshal(ev.Result, &text)
	}
	if text == "" {
		text = ev.Error
	}
	switch ev.Tool {
	case "shell":
		if o, ok := ShellOutcome(text); ok {
			return o
		}
		return &format.ToolOutcome{Output: text, Merged: true, Error: ev.Error}
	case "write", "edit":
		o := &format.ToolOutcome{Text: text, Error: ev.Error}
		var d struct {
			FilePath        string  `json:"filePath"`
			OriginalContent *string `json:"originalContent"`
			NewContent      *string `json:"newContent"`
		}
		if json.Unmarshal(r.ReturnDisplay, &d) == nil && d.NewContent != nil {
			o.File, o.Content = d.FilePath, d.NewContent
			o.OriginalKnown = true
			if d.OriginalContent != nil && (*d.OriginalContent != "" || !strings.Contains(text, "created")) {
				o.Original = d.OriginalContent
			}
		} else {
			o.Unknown = append(o.Unknown, "original file")
		}
		return o
	case "read":
		c := text
		return &format.ToolOutcome{Content: &c, Text: text, Error: ev.Error}
	}
	return &format.ToolOutcome{Text: text, Error: ev.Error}
}

// continuations are the reasons the exec shim answered a Continuation
// block with, per session, in a file under the temporary directory:
// the prompt the agent fires its prompt event with next is one of them.
var continuationMu sync.Mutex

func continuationFile(agent, session string) string {
	sum := sha256.Sum256([]byte(agent + "\x00" + session))
	return filepath.Join(os.TempDir(), "hookcompat-continuations", hex.EncodeToString(sum[:10]))
}

type continuationState struct {
	// Pending are the reasons not yet seen as a prompt; All every reason
	// of the session (for the transcript).
	Pending, All []string
}

func readContinuations(agent, session string) continuationState {
	var st continuationState
	if b, err := os.ReadFile(continuationFile(agent, session)); err == nil {
		_ = json.Unmarshal(b, &st)
	}
	return st
}

func writeContinuations(agent, session string, st continuationState) {
	p := continuationFile(agent, session)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return
	}
	b, err := json.Marshal(st)
	if err != nil {
		return
	}
	tmp := p + ".tmp"
	if os.WriteFile(tmp, b, 0o600) == nil {
		_ = os.Rename(tmp, p)
	}
}

// RememberContinuation records that the shim answered a block of an
// event with Continuation effect in session with reason: the agent
// fires its prompt event next with reason as the prompt.
func (a *Agent) RememberContinuation(session, reason string) {
	if session == "" || strings.TrimSpace(reason) == "" {
		return
	}
	continuationMu.Lock()
	defer continuationMu.Unlock()
	st := readContinuations(a.Proto, session)
	st.Pending = append(st.Pending, reason)
	st.All = append(st.All, reason)
	writeContinuations(a.Proto, session, st)
}

// TakeContinuation reports whether prompt is the continuation the agent
// sends after a block the shim answered in session, and forgets it.
func (a *Agent) TakeContinuation(session, prompt string) bool {
	continuationMu.Lock()
	defer continuationMu.Unlock()
	st := readContinuations(a.Proto, session)
	for i, r := range st.Pending {
		if r == prompt || strings.TrimSpace(r) == strings.TrimSpace(prompt) {
			st.Pending = append(st.Pending[:i], st.Pending[i+1:]...)
			writeContinuations(a.Proto, session, st)
			return true
		}
	}
	return false
}

// Continuations are the reasons of every continuation the shim answered
// in session.
func (a *Agent) Continuations(session string) []string {
	continuationMu.Lock()
	defer continuationMu.Unlock()
	return readContinuations(a.Proto, session).All
}

// PersonPrompt applies r's prompt rule to ev (read from the agent's
// payload): the prompt as the person typed it and true, or false for a
// prompt the agent sent itself. submitted is the payload's
// submitted_prompt (nil when absent).
func (a *Agent) PersonPrompt(r *Row, ev *runner.Event, submitted *string) (string, bool) {
	switch r.Prompts {
	case PromptsSubmitted:
		if submitted == nil {
			return ev.Prompt, false
		}
		return *submitted, true
	case PromptsContinuation:
		if a.TakeContinuation(ev.SessionID, ev.Prompt) {
			return ev.Prompt, false
		}
	}
	return ev.Prompt, true
}
