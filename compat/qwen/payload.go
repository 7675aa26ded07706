package qwen

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// FromPayload translates a Qwen Code hook payload into a native event:
// tool and argument names through vocab, the session source and end
// reason mapped to the native reasons, keys without a native field kept
// in Extra in their order (timestamp, tool_use_id, duration_ms,
// background_tasks, …). Errors: not a JSON object, no hook_event_name, an
// event Qwen Code does not have, or a field of the wrong type.
func FromPayload(data []byte, workspace string, vocab *translate.Vocabulary) (runner.Event, error) {
	return agent.FromPayload(data, workspace, vocab)
}

// payloadBytes builds the stdin bytes a Qwen Code hook receives for ev:
// JSON.stringify of the payload (compact, no trailing newline), the common
// keys first (session_id, source_type?, source_id?, transcript_path, cwd,
// hook_event_name, timestamp, permission_mode, agent_id?, prompt_id?),
// then the event's keys in Qwen's order, then any other Extra key. Fields
// the native event lacks get Qwen's values: timestamp now (ISO 8601,
// milliseconds, UTC) unless the event carries one, permission_mode
// "default", transcript_path <qwen home>/projects/<project
// slug>/chats/<session>.jsonl, SessionStart's source "startup", Stop's
// last_assistant_message "" and background_tasks and crons [], the
// tool_use_id the tool_call_id. base is the engine's environment (for the
// Qwen home folder).
func payloadBytes(ev *runner.Event, vocab *translate.Vocabulary, base []string) ([]byte, error) {
	return agent.Payload(ev, vocab, base)
}

// transcriptPath is the transcript of a session Qwen Code keeps:
// <qwen home>/projects/<project slug>/chats/<session>.jsonl ("" without a
// session).
func transcriptPath(ev *runner.Event, base []string) string {
	if ev.SessionID == "" {
		return ""
	}
	return filepath.Join(projectDir(ev, base), "chats", ev.SessionID+".jsonl")
}

var nonAlnum = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`[^a-zA-Z0-9]`) }}

// qwenHome is Qwen Code's user folder: $QWEN_HOME, else ~/.qwen.
func qwenHome(getenv func(string) string, home string) string {
	if h := getenv("QWEN_HOME"); h != "" {
		return h
	}
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return filepath.Join(home, ".qwen")
}

// projectDir is QWEN_CODE_PROJECT_DIR for ev: <qwen home>/projects/<slug>,
// the slug taken from the payload's transcript_path when it lies there,
// else the project path with every character but letters and digits a
// dash (sanitizeCwd).
func projectDir(ev *runner.Event, base []string) string {
	if p := filepath.ToSlash(ev.TranscriptPath); p != "" {
		if i := strings.Index(p, "/projects/"); i >= 0 {
			if rest, _, ok := strings.Cut(p[i+len("/projects/"):], "/"); ok && rest != "" {
				return filepath.FromSlash(p[:i+len("/projects/")] + rest)
			}
		}
	}
	qh := qwenHome(func(k string) string { return hookkit.EnvValue(base, k) }, hookkit.EnvValue(base, "HOME"))
	return filepath.Join(qh, "projects", nonAlnum.Get().ReplaceAllString(geminicore.CwdOf(ev), "-"))
}
