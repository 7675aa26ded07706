package compat

import (
	"fmt"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
)

// Permissions returns the permission layer of the agent of format name
// (claude.Name: Claude Code's rules and modes, a *claude.PermissionLayer)
// built from the sources of that format l loaded, with the agent's
// precedence of their scopes: for runner.Options.Permissions of an engine
// that should decide tool calls as that agent does (rules and modes around
// the hooks' decision), or to ask what the agent would do without changing
// the hooks' reply. A load without sources of the format gives a layer
// without rules. An error means a source could not be read, or the
// format is not linked or has no permission layer
// ([format.Permissioner]).
func Permissions(l *Loaded, name string) (runner.Permissions, error) {
	f, err := format.Get(name)
	if err != nil {
		return nil, err
	}
	p, ok := f.(format.Permissioner)
	if !ok {
		return nil, fmt.Errorf("format %q has no permission layer", name)
	}
	var srcs []format.Source
	for _, s := range l.Sources {
		if s.Format == name {
			srcs = append(srcs, s)
		}
	}
	env := l.env
	if env == nil {
		if env, err = l.opts.env(); err != nil {
			return nil, err
		}
	}
	return p.Permissions(srcs, env)
}
