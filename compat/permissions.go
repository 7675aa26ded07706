package compat

import (
	"os"

	"github.com/hookcompat/hookcompat/compat/claude"
	"github.com/hookcompat/hookcompat/settings"
)

// ClaudePermissions returns Claude Code's permission layer for the
// Claude settings files l loaded (user, project, local, managed and
// --settings files; plugins carry no permissions), with Claude's
// precedence of their scopes, for runner.Options.Permissions of an
// engine that should decide tool calls as Claude Code does (rules and
// modes around the hooks' decision, package compat/claude/permission),
// or for [claude.PermissionLayer.Permit] to say what Claude would do
// without changing the hooks' reply. A load without Claude settings
// gives a layer without rules (modes still apply). An error means a
// settings file could not be read.
func ClaudePermissions(l *Loaded) (*claude.PermissionLayer, error) {
	home := l.opts.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	var files []claude.SourceFile
	for _, s := range l.Sources {
		if s.Format != settings.ProtocolClaude {
			continue
		}
		scope := s.Scope
		if scope == "" {
			scope = claude.ScopeOf(s.Path, home, l.Project, l.opts.ManagedDir)
		}
		files = append(files, claude.SourceFile{Path: s.Path, Scope: scope})
	}
	ps, err := claude.ReadPermissions(files, home, l.Project)
	if err != nil {
		return nil, err
	}
	return claude.NewPermissionLayer(ps, home, l.Vocabulary), nil
}
