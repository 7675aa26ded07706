package permission

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/internal/hookkit"
)

// Call is one tool call to decide, in Claude's terms.
type Call struct {
	// Tool is Claude's tool name (Bash, Write, mcp__github__create_issue).
	Tool string
	// Input is the tool input that would run (after a hook's
	// updatedInput), in Claude's argument names.
	Input json.RawMessage
	// Mode is the session's permission mode (the payload's
	// permission_mode); "" means the settings' defaultMode, or default.
	Mode Mode
	// Cwd is the session's working directory and Project the project
	// root (both absolute; the project is the first working directory,
	// Cwd defaults to it). Home expands "~".
	Cwd, Project, Home string
	// Hook is the PreToolUse hooks' merged decision.
	Hook Hook
}

// Hook is what the PreToolUse hooks decided about a call.
type Hook struct {
	// Decision is "" (no hook decided), "allow", "ask" or "deny" ("defer"
	// is not a permission: the loop ends).
	Decision string
	// Message is what Claude shows for it: for deny, the tool_result the
	// model gets; for ask, the question (the hook's reason).
	Message string
}

// Stage names what decided a call.
type Stage string

// The stages, in the order Claude Code 2.1.332 consults them.
const (
	// StageBeforeHooks: the call is refused before any PreToolUse hook
	// runs (a tool a deny rule removes, a path a deny rule covers).
	StageBeforeHooks Stage = "before_hooks"
	StageHook        Stage = "hook" // a PreToolUse hook's deny, ask or allow
	StageRule        Stage = "rule" // an allow, ask or deny rule
	StageMode        Stage = "mode" // the permission mode
	StageTool        Stage = "tool" // the tool's own check (working directories, Bash safety)
)

// Verdict is Claude Code's decision about one call.
type Verdict struct {
	// Behavior is allow (the tool runs), deny (it does not; Message is
	// the tool_result the model gets) or ask (the user is asked; in
	// print mode, with nobody to ask, the call is denied with Message).
	Behavior Behavior `json:"behavior"`
	Stage    Stage    `json:"decided_by"`
	// ReasonType is the decision_reason_type Claude's stream gives the
	// denial ("hook", "rule", "mode", "workingDir", "subcommandResults",
	// "other"; "" where it gives none).
	ReasonType string `json:"decision_reason_type,omitempty"`
	Rule       *Rule  `json:"rule,omitempty"`
	Mode       Mode   `json:"mode"`
	// Message is the text Claude sends the model when it does not run the
	// call (for ask: when nobody grants it).
	Message string `json:"message,omitempty"`
	// PermissionRequest reports that Claude fires the PermissionRequest
	// hooks for the call (an ask a hook or the user can answer); a
	// hook's own ask, a dontAsk denial and every deny fire none.
	PermissionRequest bool `json:"permission_request"`
	// Approximate marks a verdict of the tool's own check that hookcompat
	// approximates (Claude's Bash safety analysis knows more commands
	// than hookcompat's tables; auto mode's classifier is a model).
	Approximate bool `json:"approximate,omitempty"`
}

// Runs reports whether the tool runs when nobody answers a prompt (print
// mode without a PermissionRequest hook that allows it).
func (v *Verdict) Runs() bool { return v.Behavior == Allow }

// workingDirs are the session's working directories: the project and
// the additional directories.
func (s *Settings) workingDirs(c *Call) []string {
	dirs := []string{filepath.Clean(c.Project)}
	for _, d := range s.Directories {
		dirs = append(dirs, d.Path)
	}
	return dirs
}

// mode is the call's effective mode.
func (s *Settings) mode(c *Call) Mode {
	switch {
	case c.Mode != "":
		return c.Mode
	case s != nil && s.DefaultMode != "":
		return s.DefaultMode
	}
	return ModeDefault
}

// ctx is one decision under way.
type ctx struct {
	s     *Settings
	c     *Call
	mode  Mode
	dirs  []string
	input gjson.Result
}

// Decide decides c as Claude Code 2.1.332 does in print mode (recorded:
// hc_perm_rules_*, hc_perm_mode_*, hc_perm_*_rules, hc_perm_bash_classes):
//
//  1. before the hooks: a whole-tool deny rule removes the tool ("No such
//     tool available"); a Read or Edit path deny rule refuses the file;
//  2. a hook's deny;
//  3. deny rules (Bash: the whole command or any of its commands);
//  4. ask rules — they beat a hook's allow and a hook's ask, and still
//     ask in bypassPermissions mode;
//  5. a hook's ask (its reason is the question; no PermissionRequest
//     hook runs);
//  6. a hook's allow, except in plan mode for a tool that is not
//     read-only;
//  7. bypassPermissions mode allows;
//  8. checks no allow rule lifts: plan mode refuses file edits ("Cannot
//     write to … while in plan mode."), Bash reading or writing outside
//     the working directories;
//  9. allow rules (Bash: every command that needs approval covered);
//  10. the tool's own check: reads inside the working directories run,
//     file edits run in acceptEdits mode inside them, Bash commands
//     Claude knows to be read-only run, and so do file-changing commands
//     inside them in acceptEdits mode; the rest asks;
//  11. in dontAsk mode an ask is a denial ("… running in don't ask
//     mode").
func (s *Settings) Decide(c Call) Verdict {
	if s == nil {
		s = &Settings{}
	}
	if c.Cwd == "" {
		c.Cwd = c.Project
	}
	x := &ctx{s: s, c: &c, mode: s.mode(&c), dirs: s.workingDirs(&c), input: gjson.ParseBytes(c.Input)}
	v := x.decide()
	v.Mode = x.mode
	if x.mode == ModeAuto {
		v.Approximate = true
	}
	return v
}

// Before is the verdict of the first stage alone: non-nil when Claude
// refuses c before its PreToolUse hooks run.
func (s *Settings) Before(c Call) *Verdict {
	if s == nil {
		return nil
	}
	if c.Cwd == "" {
		c.Cwd = c.Project
	}
	x := &ctx{s: s, c: &c, mode: s.mode(&c), dirs: s.workingDirs(&c), input: gjson.ParseBytes(c.Input)}
	if v := x.beforeHooks(); v != nil {
		v.Mode = x.mode
		return v
	}
	return nil
}

func (x *ctx) decide() Verdict {
	c := x.c
	if v := x.beforeHooks(); v != nil {
		return *v
	}
	if c.Hook.Decision == "deny" {
		return Verdict{Behavior: Deny, Stage: StageHook, Message: c.Hook.Message}
	}
	if r := x.match(Deny); r != nil {
		return Verdict{Behavior: Deny, Stage: StageRule, ReasonType: denyReasonType(c.Tool), Rule: r, Message: x.denyText(r)}
	}
	if r := x.match(Ask); r != nil {
		return x.asking(Verdict{Behavior: Ask, Stage: StageRule, ReasonType: "rule", Rule: r, Message: x.askText()})
	}
	if c.Hook.Decision == "ask" {
		return Verdict{Behavior: Ask, Stage: StageHook, ReasonType: "hook", Message: c.Hook.Message}
	}
	if c.Hook.Decision == "allow" && (x.mode != ModePlan || readOnlyTool(c.Tool)) {
		return Verdict{Behavior: Allow, Stage: StageHook}
	}
	if x.mode == ModeBypass {
		return Verdict{Behavior: Allow, Stage: StageMode}
	}
	var bash *bashCheck
	if isShell(c.Tool) {
		bash = x.checkBash()
		if bash.hard != nil {
			return x.asking(*bash.hard)
		}
	}
	if editTool(c.Tool) && x.mode == ModePlan {
		return x.asking(Verdict{Behavior: Ask, Stage: StageMode, ReasonType: "mode", Message: "Cannot write to " + x.path() + " while in plan mode."})
	}
	if bash != nil {
		if bash.allowed(x) {
			return Verdict{Behavior: Allow, Stage: StageRule, Rule: bash.rule}
		}
		if bash.soft == nil {
			return Verdict{Behavior: Allow, Stage: StageTool, Approximate: bash.approximate}
		}
		return x.asking(*bash.soft)
	}
	if r := x.match(Allow); r != nil {
		return Verdict{Behavior: Allow, Stage: StageRule, Rule: r}
	}
	return x.toolCheck()
}

// asking turns an ask into what the mode makes of it: a denial in
// dontAsk mode, else a prompt (PermissionRequest hooks first).
func (x *ctx) asking(v Verdict) Verdict {
	if v.Behavior != Ask {
		return v
	}
	if x.mode == ModeDontAsk {
		return Verdict{Behavior: Deny, Stage: StageMode, ReasonType: "mode", Rule: v.Rule, Approximate: v.Approximate,
			Message: "Permission to use " + x.c.Tool + " has been denied because Claude Code is running in don't ask mode. " + workAroundNote}
	}
	v.PermissionRequest = true
	return v
}

// beforeHooks is the first stage: whole-tool deny rules, path deny
// rules of Read and Edit.
func (x *ctx) beforeHooks() *Verdict {
	c := x.c
	for i := range x.s.Rules {
		r := &x.s.Rules[i]
		if r.Behavior != Deny || r.HasContent || !toolMatches(r.Tool, c.Tool) {
			continue
		}
		return &Verdict{Behavior: Deny, Stage: StageBeforeHooks, Rule: r,
			Message: "<tool_use_error>Error: No such tool available: " + c.Tool + ". " + c.Tool + " is disabled for this session, in subagents as well as here.</tool_use_error>"}
	}
	if kind := pathRuleKind(c.Tool); kind != "" {
		if p := x.absPath(); p != "" {
			for i := range x.s.Rules {
				r := &x.s.Rules[i]
				if r.Behavior == Deny && r.HasContent && r.Tool == kind && x.pathRuleMatches(r.Content, p) {
					return &Verdict{Behavior: Deny, Stage: StageBeforeHooks, Rule: r,
						Message: "<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>"}
				}
			}
		}
	}
	return nil
}

// match returns the first rule of behavior b that covers the call (deny
// and ask: whole-tool rules and rules with content; allow: the same, a
// Bash call's allow rules being matched command by command elsewhere).
func (x *ctx) match(b Behavior) *Rule {
	c := x.c
	kind := pathRuleKind(c.Tool)
	for i := range x.s.Rules {
		r := &x.s.Rules[i]
		switch {
		case r.Behavior != b:
		case !r.HasContent:
			if toolMatches(r.Tool, c.Tool) {
				return r
			}
		case kind != "":
			// A file tool's path rules are Read(…) or Edit(…), whatever
			// the tool (Write(src/**) covers nothing, recorded).
			if r.Tool == kind && x.contentMatches(r) {
				return r
			}
		case toolMatches(r.Tool, c.Tool) && x.contentMatches(r):
			return r
		}
	}
	return nil
}

// contentMatches reports whether a rule's content covers the call.
func (x *ctx) contentMatches(r *Rule) bool {
	c := x.c
	switch {
	case isShell(c.Tool):
		cmd := x.input.Get("command").String()
		if r.Behavior == Allow {
			return shellPatternMatches(r.Content, strings.TrimSpace(cmd))
		}
		return hookkit.ShellRuleMatches(r.Content, cmd)
	case pathRuleKind(c.Tool) != "":
		p := x.absPath()
		return p != "" && x.pathRuleMatches(r.Content, p)
	case c.Tool == "WebFetch":
		return hookkit.HostRuleMatches(r.Content, x.input.Get("url").String())
	}
	return hookkit.GlobMatch(r.Content, x.input.Get("command").String())
}

// toolMatches reports whether a rule's tool name names tool: the same
// name, Task for Agent, an MCP server prefix (mcp__github covers
// mcp__github__create_issue) or an MCP glob (mcp__github__*).
func toolMatches(ruleTool, tool string) bool {
	switch {
	case ruleTool == tool, ruleTool == "Task" && tool == "Agent", ruleTool == "Agent" && tool == "Task":
		return true
	case strings.HasPrefix(ruleTool, "mcp__") && strings.HasPrefix(tool, "mcp__"):
		if strings.Contains(ruleTool, "*") {
			return hookkit.GlobMatch(ruleTool, tool)
		}
		return strings.HasPrefix(tool, ruleTool+"__")
	}
	return false
}

// denyText is the tool_result of a call a deny rule refuses.
func (x *ctx) denyText(r *Rule) string {
	switch {
	case isShell(x.c.Tool):
		return "Permission to use " + x.c.Tool + " with command " + x.input.Get("command").String() + " has been denied."
	case x.c.Tool == "WebFetch":
		return "WebFetch denied access to " + r.Content + "."
	}
	return "Permission to use " + x.c.Tool + " with " + r.Content + " has been denied."
}

func denyReasonType(tool string) string {
	if isShell(tool) {
		return "subcommandResults"
	}
	return "rule"
}

// askText is what Claude asks for a call it has no other words for.
func (x *ctx) askText() string {
	switch {
	case editTool(x.c.Tool):
		return "Claude requested permissions to write to " + x.path() + ", but you haven't granted it yet."
	case pathRuleKind(x.c.Tool) == "Read" && x.path() != "":
		return "Claude requested permissions to read from " + x.path() + ", but you haven't granted it yet."
	}
	return "Claude requested permissions to use " + x.c.Tool + ", but you haven't granted it yet."
}

// toolCheck is the tool's own check for a call no rule decided.
func (x *ctx) toolCheck() Verdict {
	c := x.c
	switch {
	case pathRuleKind(c.Tool) == "Read":
		p := x.absPath()
		if p == "" || x.inside(p) {
			return Verdict{Behavior: Allow, Stage: StageTool}
		}
		return x.asking(Verdict{Behavior: Ask, Stage: StageTool, ReasonType: "workingDir", Message: x.askText()})
	case editTool(c.Tool):
		p := x.absPath()
		inside := p != "" && x.inside(p)
		if x.mode == ModeAcceptEdits && inside {
			return Verdict{Behavior: Allow, Stage: StageMode}
		}
		v := Verdict{Behavior: Ask, Stage: StageTool, Message: x.askText()}
		if !inside {
			v.ReasonType = "workingDir"
		}
		return x.asking(v)
	case noPermissionTool(c.Tool):
		return Verdict{Behavior: Allow, Stage: StageTool}
	case c.Tool == "WebFetch":
		return x.asking(Verdict{Behavior: Ask, Stage: StageTool, Message: x.askText()})
	}
	return x.asking(Verdict{Behavior: Ask, Stage: StageTool, Message: x.askText(), Approximate: true})
}

// path is the call's file path as Claude writes it in its messages: as
// given when absolute, else resolved against the cwd.
func (x *ctx) path() string {
	p := x.rawPath()
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(x.c.Cwd, p)
}

func (x *ctx) rawPath() string {
	for _, k := range []string{"file_path", "notebook_path", "path"} {
		if v := x.input.Get(k); v.Exists() && v.String() != "" {
			return v.String()
		}
	}
	return ""
}

// absPath is the call's file path, absolute and clean ("" when the
// tool has none: Grep without a path searches the cwd).
func (x *ctx) absPath() string {
	p := x.rawPath()
	if p == "" {
		return ""
	}
	return x.abs(p)
}

func (x *ctx) abs(p string) string {
	switch {
	case p == "~":
		return filepath.Clean(x.c.Home)
	case strings.HasPrefix(p, "~/"):
		return filepath.Join(x.c.Home, p[2:])
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	return filepath.Join(x.c.Cwd, p)
}

// inside reports whether p is in one of the working directories.
func (x *ctx) inside(p string) bool {
	for _, d := range x.dirs {
		if p == d || strings.HasPrefix(p, strings.TrimSuffix(d, "/")+"/") {
			return true
		}
	}
	return false
}

// pathRuleMatches matches a Read or Edit rule's path pattern (gitignore
// style): "//path" is absolute, "~/path" in the home directory, "/path"
// relative to the project, anything else relative to the cwd (a pattern
// without a slash matches the base name at any depth).
func (x *ctx) pathRuleMatches(pattern, p string) bool {
	switch {
	case strings.HasPrefix(pattern, "//"):
		return hookkit.PathRuleMatches(pattern[1:], p, x.c.Cwd)
	case strings.HasPrefix(pattern, "~/"):
		return hookkit.PathRuleMatches(filepath.ToSlash(filepath.Join(x.c.Home, pattern[2:])), p, x.c.Cwd)
	case strings.HasPrefix(pattern, "/"):
		return hookkit.PathRuleMatches(filepath.ToSlash(filepath.Join(x.c.Project, pattern[1:])), p, x.c.Cwd)
	}
	return hookkit.PathRuleMatches(pattern, p, x.c.Cwd)
}

// Tool classes.

// editTool: the file-editing tools, whose path rules are Edit(…).
func editTool(t string) bool {
	switch t {
	case "Write", "Edit", "MultiEdit", "NotebookEdit":
		return true
	}
	return false
}

// readTool: the file-reading tools, whose path rules are Read(…).
func readTool(t string) bool {
	switch t {
	case "Read", "Glob", "Grep", "LS", "NotebookRead":
		return true
	}
	return false
}

// pathRuleKind is the rule name of a file tool's path rules.
func pathRuleKind(t string) string {
	switch {
	case editTool(t):
		return "Edit"
	case readTool(t):
		return "Read"
	}
	return ""
}

// noPermissionTool: tools Claude runs without asking.
func noPermissionTool(t string) bool {
	switch t {
	case "TodoWrite", "TaskCreate", "TaskUpdate", "TaskList", "TaskGet", "TaskOutput", "TaskStop", "ToolSearch",
		"Agent", "Task", "EnterPlanMode", "ExitPlanMode", "AskUserQuestion", "KillShell", "BashOutput", "Skill",
		"StructuredOutput":
		return true
	}
	return false
}

// readOnlyTool: tools a hook's allow lets through in plan mode.
func readOnlyTool(t string) bool { return readTool(t) || noPermissionTool(t) }

func isShell(t string) bool { return t == "Bash" }

// workAroundNote is the note Claude appends to a dontAsk denial.
const workAroundNote = "IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you *should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial. If you believe this capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed."
