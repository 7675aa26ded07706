package claude

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/tidwall/gjson"
)

// Claude Code validates a hook's updatedInput against the tool's input
// schema and a hook's updatedToolOutput against the tool's output before
// using them (recorded). These tables hold the shapes of the built-in
// tools hookcompat knows (claude §5.1); a tool not listed (an MCP tool,
// a newer built-in) is not checked.

// param is one field of a tool's input or output.
type param struct {
	name     string
	kind     string // "string", "number", "boolean", "array", "object"; "" any
	required bool
	nullable bool
}

// toolInputs are the input schemas of the built-in tools, in Claude's key
// order. Unknown keys of an updatedInput are stripped (recorded: the
// schema is not strict).
var toolInputs = lazy.Value[map[string][]param]{New: func() map[string][]param {
	return map[string][]param{
		"Bash":         {{name: "command", kind: "string", required: true}, {name: "timeout", kind: "number"}, {name: "description", kind: "string"}, {name: "run_in_background", kind: "boolean"}, {name: "dangerouslyDisableSandbox", kind: "boolean"}},
		"PowerShell":   {{name: "command", kind: "string", required: true}, {name: "timeout", kind: "number"}, {name: "description", kind: "string"}, {name: "run_in_background", kind: "boolean"}, {name: "dangerouslyDisableSandbox", kind: "boolean"}},
		"Read":         {{name: "file_path", kind: "string", required: true}, {name: "offset", kind: "number"}, {name: "limit", kind: "number"}, {name: "pages", kind: "string"}},
		"Write":        {{name: "file_path", kind: "string", required: true}, {name: "content", kind: "string", required: true}},
		"Edit":         {{name: "file_path", kind: "string", required: true}, {name: "old_string", kind: "string", required: true}, {name: "new_string", kind: "string", required: true}, {name: "replace_all", kind: "boolean"}},
		"Glob":         {{name: "pattern", kind: "string", required: true}, {name: "path", kind: "string"}},
		"WebFetch":     {{name: "url", kind: "string", required: true}, {name: "prompt", kind: "string", required: true}, {name: "offset", kind: "number"}},
		"WebSearch":    {{name: "query", kind: "string", required: true}, {name: "allowed_domains", kind: "array"}, {name: "blocked_domains", kind: "array"}},
		"NotebookEdit": {{name: "notebook_path", kind: "string", required: true}, {name: "cell_id", kind: "string"}, {name: "new_source", kind: "string", required: true}, {name: "cell_type", kind: "string"}, {name: "edit_mode", kind: "string"}},
	}
}}

// toolOutputs are the required output fields of the built-in tools whose
// output shape was recorded; extra keys are kept (recorded for Bash).
var toolOutputs = lazy.Value[map[string][]param]{New: func() map[string][]param {
	return map[string][]param{
		"Bash":       {{name: "stdout", kind: "string", required: true}, {name: "stderr", kind: "string", required: true}, {name: "interrupted", kind: "boolean", required: true}, {name: "isImage", kind: "boolean"}, {name: "noOutputExpected", kind: "boolean"}},
		"PowerShell": {{name: "stdout", kind: "string", required: true}, {name: "stderr", kind: "string", required: true}, {name: "interrupted", kind: "boolean", required: true}, {name: "isImage", kind: "boolean"}, {name: "noOutputExpected", kind: "boolean"}},
		"Write":      {{name: "type", kind: "string", required: true}, {name: "filePath", kind: "string", required: true}, {name: "content", kind: "string", required: true}, {name: "originalFile", kind: "string", nullable: true}},
		"Read":       {{name: "type", kind: "string", required: true}},
	}
}}

// isMCP reports whether a Claude tool name is an MCP tool's.
func isMCP(tool string) bool { return strings.HasPrefix(tool, "mcp__") }

// outputFits reports whether out, a hook's updatedToolOutput, fits the
// output of the Claude tool named tool (recorded): an MCP tool takes any
// value (a string, content blocks, an object); a built-in tool needs an
// object, and the tools with a recorded shape their required fields with
// the right types (Bash: stdout and stderr strings, interrupted a
// boolean; extra keys are kept). null fits nothing.
func outputFits(tool string, out json.RawMessage) bool {
	v := gjson.ParseBytes(bytes.TrimSpace(out))
	if !v.Exists() || v.Type == gjson.Null {
		return false
	}
	if isMCP(tool) {
		return true
	}
	if !v.IsObject() {
		return false
	}
	return len(schemaIssues(toolOutputs.Get()[tool], v)) == 0
}

// validateInput checks an updatedInput (Claude argument names) against the
// tool's input schema. It returns the input with unknown keys stripped
// and, when a required field is missing or a field has the wrong type,
// the issues in Claude's words; tools without a schema pass unchanged.
func validateInput(tool string, in json.RawMessage) (json.RawMessage, []string) {
	schema, ok := toolInputs.Get()[tool]
	if !ok {
		return in, nil
	}
	v := gjson.ParseBytes(in)
	if issues := schemaIssues(schema, v); len(issues) > 0 {
		return nil, issues
	}
	known := map[string]bool{}
	for _, p := range schema {
		known[p.name] = true
	}
	var kept []string
	stripped := false
	v.ForEach(func(k, val gjson.Result) bool {
		if known[k.String()] {
			kb, _ := json.Marshal(k.String())
			kept = append(kept, string(kb)+":"+val.Raw)
		} else {
			stripped = true
		}
		return true
	})
	if !stripped {
		return in, nil
	}
	return json.RawMessage("{" + strings.Join(kept, ",") + "}"), nil
}

// schemaIssues lists, in the schema's order, the required fields v lacks
// and the fields of the wrong type, as Claude Code words them.
func schemaIssues(schema []param, v gjson.Result) []string {
	var issues []string
	for _, p := range schema {
		f := v.Get(gjson.Escape(p.name))
		if !f.Exists() {
			if p.required {
				issues = append(issues, fmt.Sprintf("The required parameter `%s` is missing", p.name))
			}
			continue
		}
		if got := jsonKind(f); p.kind != "" && got != p.kind && !(p.nullable && got == "null") {
			issues = append(issues, fmt.Sprintf("The parameter `%s` type is expected as `%s` but provided as `%s`", p.name, p.kind, got))
		}
	}
	return issues
}

func jsonKind(v gjson.Result) string {
	switch {
	case v.Type == gjson.String:
		return "string"
	case v.Type == gjson.Number:
		return "number"
	case v.Type == gjson.True || v.Type == gjson.False:
		return "boolean"
	case v.Type == gjson.Null:
		return "null"
	case v.IsArray():
		return "array"
	}
	return "object"
}

// schemaError is the tool_result text of a call Claude rejects because a
// hook's updatedInput failed the tool's schema (recorded).
func schemaError(event, tool string, issues []string) string {
	noun := "issue"
	if len(issues) > 1 {
		noun = "issues"
	}
	return fmt.Sprintf("%s hook for %s returned updatedInput that failed schema validation: %s failed due to the following %s:\n%s\nThe tool input from the model was valid; the hook's rewrite of it was not.",
		event, tool, tool, noun, strings.Join(issues, "\n"))
}
