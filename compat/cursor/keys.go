package cursor

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
)

var _ format.PayloadKeyer = cursorFormat{}

// payloadField is the native field that holds payload key k of step s
// as [Protocol.FromPayload] reads it, or "" (Extra, or only part of a
// field: a shell step's command and output, a file step's file_path).
func (s *stepRow) payloadField(k string) string {
	tools := s.Tools != toolsNone
	switch {
	case k == "conversation_id":
		return "session_id"
	case k == "generation_id":
		return "prompt_id"
	case k == "transcript_path", k == "cwd", k == "prompt":
		return k
	case k == "tool_name" && tools, k == "tool_input" && tools:
		if k == "tool_name" {
			return "tool"
		}
		return "args"
	case k == "tool_use_id":
		return "tool_call_id"
	case (k == "tool_output" || k == "result_json") && tools:
		return "result"
	case k == "error_message" && s.ErrorMessage != errorExtra:
		return "error"
	case k == "subagent_type":
		return "subagent"
	case k == "task" && s.TaskPrompt:
		return "prompt"
	case k == "summary", k == "text":
		return "output"
	case k == "loop_count":
		return "stop_hook_active"
	case k != "" && k == s.ReasonField && s.Reason == "":
		return "reason"
	}
	return ""
}

// PayloadKeys lists the keys of the payloads of Cursor's steps for e
// (the common head and tail and each step's fields, in table order)
// that native fields hold.
func (cursorFormat) PayloadKeys(e settings.Event) []format.PayloadKey {
	var out []format.PayloadKey
	seen := map[string]bool{}
	for _, s := range stepsOf(e) {
		lists := [][]string{commonHead, s.Fields, commonTail}
		if s.Bare {
			lists = [][]string{bareFields}
		}
		for _, list := range lists {
			for _, k := range list {
				if f := s.payloadField(k); f != "" && !seen[k] {
					seen[k] = true
					out = append(out, format.PayloadKey{Key: k, Field: f})
				}
			}
		}
	}
	return out
}
