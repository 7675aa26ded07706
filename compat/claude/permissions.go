package claude

import (
	"os"

	"github.com/hookcompat/hookcompat/compat/claude/permission"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// PermissionLayer is Claude Code's permission layer (its permission rules
// and modes around the PreToolUse hooks' decision, package permission)
// as a [runner.Permissions]: an engine given it (runner.Options.
// Permissions) decides every pre_tool and permission_request event as
// Claude Code 2.1.332 does — a deny rule beats a hook's allow, an ask
// rule a hook's allow or ask, plan mode keeps a hook-allowed edit from
// running, dontAsk mode denies what would ask — and puts Claude's own
// text in the reply's reason. Hosts with a permission system of their own
// leave it out (the default).
//
// Each permission's Detail is the *permission.Verdict; [Protocol.Render]
// shows it as the rendering's Permission.
type PermissionLayer struct {
	settings *permission.Settings
	home     string
	proto    *Protocol
}

// newPermissionLayer returns the layer deciding with s (nil: no rules),
// home expanding "~" in rules and paths (""; the user's home directory)
// and vocab translating native tool names to Claude's (nil: the default
// vocabulary).
func newPermissionLayer(s *permission.Settings, home string, vocab *translate.Vocabulary) *PermissionLayer {
	if s == nil {
		s = &permission.Settings{}
	}
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return &PermissionLayer{settings: s, home: home, proto: NewProtocol(vocab)}
}

// Settings returns the merged permissions the layer decides with.
func (l *PermissionLayer) Settings() *permission.Settings { return l.settings }

// readPermissions reads the permissions of Claude settings files (the
// files of discover and --settings files; plugin files carry none) into
// the merged [permission.Settings], with the precedence of their scopes
// (one of the Scope constants, as scopeOf gives them). A file that
// cannot be read is an error.
func readPermissions(files []sourceFile, home, project string) (*permission.Settings, error) {
	var in []permission.File
	for _, f := range files {
		scope, ok := permissionScope(f.Scope)
		if !ok {
			continue
		}
		if st, err := os.Stat(f.Path); err == nil && st.IsDir() {
			continue
		}
		data, err := os.ReadFile(f.Path)
		if err != nil {
			return nil, err
		}
		in = append(in, permission.File{Path: f.Path, Scope: scope, Data: data})
	}
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return permission.Read(in, home, project), nil
}

// permissionScope maps a source scope to its permissions scope.
func permissionScope(scope string) (permission.Scope, bool) {
	switch scope {
	case ScopeUser:
		return permission.ScopeUser, true
	case ScopeProject:
		return permission.ScopeProject, true
	case ScopeLocal:
		return permission.ScopeLocal, true
	case ScopeCLI:
		return permission.ScopeFlag, true
	case ScopeManaged:
		return permission.ScopePolicy, true
	}
	return "", false
}

// call is ev as a permission call, with the hooks' decision.
func (l *PermissionLayer) call(ev *runner.Event, hook permission.Hook) permission.Call {
	return permission.Call{
		Tool:    l.proto.vocab.Name(translate.Native, Dialect, ev.Tool),
		Input:   l.proto.vocab.Args(translate.Native, Dialect, ev.Tool, ev.Args),
		Mode:    permission.Mode(ev.PermissionMode),
		Cwd:     ev.Cwd,
		Project: ev.Workspace,
		Home:    l.home,
		Hook:    hook,
	}
}

// Before refuses a pre_tool call Claude refuses before its PreToolUse
// hooks run: a tool a whole-tool deny rule removes, a file a Read or Edit
// deny rule covers.
func (l *PermissionLayer) Before(ev *runner.Event) *runner.Permission {
	if row := eventOf(ev.Name); row == nil || row.permits != permitDecides {
		return nil
	}
	v := l.settings.Before(l.call(ev, permission.Hook{}))
	if v == nil {
		return nil
	}
	return toPermission(v)
}

// After decides the call once its hooks answered: on pre_tool with the
// PreToolUse hooks' decision (their deny and its text, their ask and its
// question, their allow); on permission_request with the
// PermissionRequest hooks' answer (allow, deny with its message; none:
// the ask stands — in print mode a denial with Claude's text). A call
// the hooks deferred or interrupted gets no permission (the loop ends).
func (l *PermissionLayer) After(ev *runner.Event, out *runner.Outcome) *runner.Permission {
	r := l.proto.Render(out)
	if r.LoopEnds == "tool_deferred" || r.LoopEnds == "aborted_tools" {
		return nil
	}
	var toolResult string
	for _, t := range r.Texts {
		if t.Kind == KindToolResult {
			toolResult = t.Text
		}
	}
	msg := orDefault(toolResult, out.Reason)
	row := eventOf(ev.Name)
	if row == nil {
		return nil
	}
	switch row.permits {
	case permitDecides:
		hook := permission.Hook{Decision: r.decision}
		if r.decision == "deny" || r.decision == "ask" {
			hook.Message = msg
		}
		v := l.settings.Decide(l.call(ev, hook))
		return toPermission(&v)
	case permitAnswers:
		v := l.settings.Decide(l.call(ev, permission.Hook{}))
		if v.Behavior != permission.Ask {
			return toPermission(&v)
		}
		switch r.decision {
		case "deny":
			v = permission.Verdict{Behavior: permission.Deny, Stage: permission.StageHook, ReasonType: "hook", Mode: v.Mode, Message: msg}
		case "allow":
			v = permission.Verdict{Behavior: permission.Allow, Stage: permission.StageHook, ReasonType: "hook", Mode: v.Mode}
		}
		return toPermission(&v)
	}
	return nil
}

// Permit is the permission of an outcome the engine fired without the
// layer: the refusal before the hooks, or else After's. It leaves out
// alone; a caller that wants Claude's view of the call without changing
// the hooks' reply (`hookcompat run --render claude`) sets
// out.Permission to it.
func (l *PermissionLayer) Permit(out *runner.Outcome) *runner.Permission {
	if p := l.Before(&out.Event); p != nil {
		return p
	}
	return l.After(&out.Event, out)
}

func toPermission(v *permission.Verdict) *runner.Permission {
	p := &runner.Permission{Reason: v.Message, By: string(v.Stage), Detail: v}
	switch v.Behavior {
	case permission.Allow:
		p.Decision = runner.DecisionAllow
	case permission.Deny:
		p.Decision = runner.DecisionDeny
	case permission.Ask:
		p.Decision = runner.DecisionAsk
	}
	return p
}

var _ runner.Permissions = (*PermissionLayer)(nil)
