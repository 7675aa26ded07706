package claude

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
)

// Permissions is Claude Code's permission layer (a *PermissionLayer) for
// the Claude settings files among srcs (user, project, local, managed and
// --settings files; plugins carry no permissions), with Claude's
// precedence of their scopes ([format.Permissioner]; compat.Permissions
// with Name). No Claude settings give a layer without rules (modes still
// apply). An error means a settings file could not be read.
func (claudeFormat) Permissions(srcs []format.Source, env *format.Env) (runner.Permissions, error) {
	var files []sourceFile
	for _, s := range srcs {
		if s.Format != Name {
			continue
		}
		scope := s.Scope
		if scope == "" {
			scope = scopeOf(s.Path, env.Home, env.Project, env.ManagedDir)
		}
		files = append(files, sourceFile{Path: s.Path, Scope: scope})
	}
	ps, err := readPermissions(files, env.Home, env.Project)
	if err != nil {
		return nil, err
	}
	return newPermissionLayer(ps, env.Home, env.Vocab()), nil
}

var _ format.Permissioner = claudeFormat{}
