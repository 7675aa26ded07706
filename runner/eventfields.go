package runner

import "github.com/hookcompat/hookcompat/settings"

// sessionFields are the fields beyond HK-50's that [Session]'s method for
// each native event fills (TestSessionEventFields fires every method and
// compares what its event encodes with this table).
var sessionFields = map[settings.Event][]string{
	settings.SessionStart:      {"reason"},
	settings.PromptSubmit:      {"prompt"},
	settings.PreTool:           {"tool", "tool_call_id", "args"},
	settings.PermissionRequest: {"tool", "tool_call_id", "args"},
	settings.PostTool:          {"tool", "tool_call_id", "args", "result"},
	settings.PostToolFailure:   {"tool", "tool_call_id", "args", "error"},
	settings.SubagentStart:     {"prompt", "subagent"},
	settings.SubagentStop:      {"stop_hook_active", "subagent", "output"},
	settings.Stop:              {"stop_hook_active", "output"},
	settings.PreCompact:        {"prompt", "reason"},
	settings.PostCompact:       {"reason"},
	settings.Notification:      {"type", "message"},
	settings.SessionEnd:        {"reason"},
}

// EventFields returns the JSON names of the fields native event e
// carries beyond the HK-50 ones (HK-51, HK-52), as the [Session] method
// that fires e fills them ([Session.Start]: reason; [Session.PreTool]:
// tool, tool_call_id, args; …), in the order of [Event]'s fields; nil
// for an extension event (its fields are its agent's, in extra) or a
// name that is no event. An event translated from an agent's payload may
// carry more of Event's fields. The slice is a copy.
func EventFields(e settings.Event) []string {
	return append([]string(nil), sessionFields[e]...)
}
