package runner

import "github.com/hookcompat/hookcompat/settings"

// Permissions is a host agent's permission layer, for embedders that
// have none of their own and want the one of the agent whose hooks they
// run (Claude Code's permission rules and modes: package
// compat/claude's PermissionLayer). It is set as Options.Permissions;
// nil (the default) leaves every decision to the hooks, as an agent with
// its own permission system wants.
//
// The engine asks it about every pre_tool and permission_request event:
// Before, before any hook runs — a call the layer refuses outright (a
// tool that its rules remove, a path its rules deny) runs no hook, as
// in the agent; After, once the hooks answered, with their merged reply.
// The permission either answer returns is the outcome's
// [Outcome.Permission] and decides the reply (see [Permission]).
// Implementations must be safe for concurrent use.
type Permissions interface {
	// Before returns the permission of a call refused before its hooks
	// run, or nil to run them.
	Before(ev *Event) *Permission
	// After returns the permission of the call once its hooks answered
	// (out.Reply is their merge, out.Event the event with the args they
	// left), or nil to leave the reply as the hooks made it.
	After(ev *Event, out *Outcome) *Permission
}

// Permission is what a [Permissions] layer decided about one tool call.
// Applied to the outcome's reply: DecisionDeny makes it a deny with
// Reason (a reply that already blocks keeps its own); DecisionAsk makes
// an allow or no decision an ask with Reason, so that the host asks the
// user (the hooks' updated args stay: the user is asked about the call
// that would run); DecisionAllow makes no decision an allow. Any other
// Decision leaves the reply as it is.
type Permission struct {
	// Decision is allow, deny or ask.
	Decision Decision `json:"decision"`
	// Reason is the text the model gets when the call is denied, or the
	// question when the user is asked (the agent's own words).
	Reason string `json:"reason,omitempty"`
	// By names what decided, in the layer's terms (Claude's: "hook",
	// "rule", "mode", "tool").
	By string `json:"by,omitempty"`
	// Detail is the layer's own account of the decision (for Claude,
	// a *permission.Verdict), for renderers; it must be
	// JSON-encodable.
	Detail any `json:"detail,omitempty"`
}

// permissionEvent reports whether the engine asks its Permissions layer
// about events named e.
func permissionEvent(e settings.Event) bool {
	return e == settings.PreTool || e == settings.PermissionRequest
}

// permitBefore asks the layer about ev before its hooks: a refused call
// gets an outcome that denies it with no hook run, and true.
func (e *Engine) permitBefore(ev *Event, out *Outcome) bool {
	if e.opts.Permissions == nil || !permissionEvent(ev.Name) {
		return false
	}
	p := e.opts.Permissions.Before(ev)
	if p == nil {
		return false
	}
	out.Permission = p
	out.Reply.apply(p)
	return true
}

// permitAfter asks the layer about out once the hooks answered, and
// applies its permission to the reply.
func (e *Engine) permitAfter(out *Outcome) {
	if e.opts.Permissions == nil || !permissionEvent(out.Event.Name) {
		return
	}
	p := e.opts.Permissions.After(&out.Event, out)
	if p == nil {
		return
	}
	out.Permission = p
	out.Reply.apply(p)
}

// apply makes a permission the reply's decision (see [Permission]).
func (r *Reply) apply(p *Permission) {
	switch p.Decision {
	case DecisionDeny, DecisionBlock:
		if !r.Decision.Blocks() {
			r.Decision, r.Reason = DecisionDeny, p.Reason
		}
	case DecisionAsk:
		if r.Decision == DecisionNone || r.Decision == DecisionAllow {
			r.Decision, r.Reason = DecisionAsk, p.Reason
		}
	case DecisionAllow:
		if r.Decision == DecisionNone {
			r.Decision = DecisionAllow
		}
	}
}
