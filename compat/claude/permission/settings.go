package permission

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/settings"
)

// Mode is a Claude Code permission mode (the payload's permission_mode).
type Mode string

// The permission modes (claude §4.1). ModeAuto, whose classifier is a
// model of Anthropic's, is decided as ModeDefault, with the verdict
// marked Approximate.
const (
	ModeDefault     Mode = "default"
	ModePlan        Mode = "plan"
	ModeAcceptEdits Mode = "acceptEdits"
	ModeBypass      Mode = "bypassPermissions"
	ModeDontAsk     Mode = "dontAsk"
	ModeAuto        Mode = "auto"
)

// Known reports whether m is one of the modes Claude Code knows.
func (m Mode) Known() bool {
	switch m {
	case ModeDefault, ModePlan, ModeAcceptEdits, ModeBypass, ModeDontAsk, ModeAuto:
		return true
	}
	return false
}

// Scope is the settings scope a rule or key comes from, in Claude Code's
// words (its decision reasons name them so).
type Scope string

// The settings scopes, from the lowest precedence to the highest.
const (
	ScopeUser    Scope = "userSettings"    // ~/.claude/settings.json
	ScopeProject Scope = "projectSettings" // <project>/.claude/settings.json
	ScopeLocal   Scope = "localSettings"   // <project>/.claude/settings.local.json
	ScopeFlag    Scope = "flagSettings"    // a --settings file
	ScopePolicy  Scope = "policySettings"  // managed settings
)

// rank orders scopes for keys where one value wins (defaultMode): the
// higher wins.
func (s Scope) rank() int {
	switch s {
	case ScopeUser:
		return 1
	case ScopeProject:
		return 2
	case ScopeLocal:
		return 3
	case ScopeFlag:
		return 4
	case ScopePolicy:
		return 5
	}
	return 0
}

// Behavior is what a rule or a verdict does with a call.
type Behavior string

// The behaviors (the permissions keys allow, ask and deny).
const (
	Allow Behavior = "allow"
	Ask   Behavior = "ask"
	Deny  Behavior = "deny"
)

// Rule is one permission rule as written in a settings file:
// "Bash(git push *)", "Edit(src/**)", "WebFetch(domain:example.com)",
// "mcp__github", "Write".
type Rule struct {
	Behavior Behavior `json:"behavior"`
	// Text is the rule as written.
	Text string `json:"rule"`
	// Tool is the tool name (or MCP server prefix) the rule is about.
	Tool string `json:"-"`
	// Content is what is between the parentheses; HasContent is false
	// for a whole-tool rule.
	Content    string `json:"-"`
	HasContent bool   `json:"-"`
	Source     Scope  `json:"source"`
	File       string `json:"file,omitempty"`
}

// Directory is one of the session's additional working directories
// (permissions.additionalDirectories), absolute.
type Directory struct {
	Path   string `json:"path"`
	Source Scope  `json:"source"`
}

// File is one settings file to read permissions from.
type File struct {
	Path  string
	Scope Scope
	// Data is the file's content (JSON, a leading byte order mark
	// allowed).
	Data []byte
}

// Problem is something of a settings file's permissions that Claude
// Code does not apply: a rule that does not parse, a key of the wrong
// type, a key of the project's shared settings that it ignores.
type Problem struct {
	File    string
	Key     string // "permissions.allow[2]"
	Message string
}

// String is the problem as a line of a report: "FILE: KEY: MESSAGE".
func (p Problem) String() string { return p.File + ": " + p.Key + ": " + p.Message }

// Settings are the permissions of every settings scope, merged as Claude
// Code 2.1.332 merges them (recorded: hc_perm_scope_*,
// hc_perm_defaultmode_*):
//   - the rules of every scope count together; precedence is by
//     behavior, not by scope: a deny rule of any scope beats an allow
//     rule of any other, an ask rule beats an allow rule;
//   - the project's shared settings (.claude/settings.json, which anyone
//     who can commit writes) can only tighten: its allow rules and
//     additionalDirectories are ignored, and so is a defaultMode of
//     bypassPermissions there;
//   - defaultMode is the one of the highest scope that sets it: policy >
//     --settings file > local > project > user; the session's own mode
//     (--permission-mode, the payload's permission_mode) comes first;
//   - additionalDirectories of the other scopes add up ("~/" is the home
//     directory, a relative path is relative to the project).
type Settings struct {
	Rules       []Rule      `json:"rules"`
	Directories []Directory `json:"additional_directories,omitempty"`
	DefaultMode Mode        `json:"default_mode,omitempty"`
	// DefaultModeSource is the scope DefaultMode comes from.
	DefaultModeSource Scope `json:"default_mode_source,omitempty"`
	// Problems are what the files hold that Claude does not apply.
	Problems []Problem `json:"problems,omitempty"`
}

// Read reads the permissions key of each file (files in any order) with
// the precedence of [Settings]. home expands "~/" and project resolves
// relative directories. A file that is not a JSON object is skipped
// (the hooks loader reports it); a permissions key of the wrong type, or
// a rule that does not parse, is a Problem and is not applied.
func Read(files []File, home, project string) *Settings {
	s := &Settings{}
	for _, f := range files {
		s.read(f, home, project)
	}
	return s
}

func (s *Settings) read(f File, home, project string) {
	var doc struct {
		Permissions json.RawMessage `json:"permissions"`
	}
	data := bytes.TrimPrefix(f.Data, []byte("\ufeff"))
	if json.Unmarshal(data, &doc) != nil || len(doc.Permissions) == 0 || string(doc.Permissions) == "null" {
		return
	}
	problem := func(key, format string, args ...any) {
		s.Problems = append(s.Problems, Problem{File: f.Path, Key: key, Message: fmt.Sprintf(format, args...)})
	}
	var p map[string]json.RawMessage
	if err := json.Unmarshal(doc.Permissions, &p); err != nil {
		problem("permissions", "not an object; no permission of this file applies")
		return
	}
	for _, b := range []Behavior{Deny, Ask, Allow} {
		raw, ok := p[string(b)]
		if !ok {
			continue
		}
		key := "permissions." + string(b)
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) != nil {
			problem(key, "not an array of rules; ignored")
			continue
		}
		if b == Allow && f.Scope == ScopeProject {
			if len(list) > 0 {
				problem(key, "allow rules of the project's shared settings are ignored (Claude Code applies them from user, local, --settings and managed settings only)")
			}
			continue
		}
		for i, item := range list {
			var text string
			if json.Unmarshal(item, &text) != nil {
				problem(fmt.Sprintf("%s[%d]", key, i), "not a string; ignored")
				continue
			}
			r, err := ParseRule(text)
			if err != nil {
				problem(fmt.Sprintf("%s[%d]", key, i), "%v; ignored", err)
				continue
			}
			r.Behavior, r.Source, r.File = b, f.Scope, f.Path
			s.Rules = append(s.Rules, r)
		}
	}
	if raw, ok := p["additionalDirectories"]; ok {
		var dirs []string
		switch {
		case json.Unmarshal(raw, &dirs) != nil:
			problem("permissions.additionalDirectories", "not an array of strings; ignored")
		case f.Scope == ScopeProject:
			if len(dirs) > 0 {
				problem("permissions.additionalDirectories", "ignored in the project's shared settings (as in Claude Code)")
			}
		default:
			for _, d := range dirs {
				if d = strings.TrimSpace(d); d != "" {
					s.Directories = append(s.Directories, Directory{Path: resolveDir(d, home, project), Source: f.Scope})
				}
			}
		}
	}
	if raw, ok := p["defaultMode"]; ok {
		var m string
		switch {
		case json.Unmarshal(raw, &m) != nil || !Mode(m).Known():
			problem("permissions.defaultMode", "%s is not a permission mode; ignored", raw)
		case f.Scope == ScopeProject && Mode(m) == ModeBypass:
			problem("permissions.defaultMode", "bypassPermissions is ignored in the project's shared settings (as in Claude Code)")
		case s.DefaultMode == "" || f.Scope.rank() >= s.DefaultModeSource.rank():
			s.DefaultMode, s.DefaultModeSource = Mode(m), f.Scope
		}
	}
}

// ParseRule parses one permission rule: Tool, or Tool(content) with the
// content running to the last ")" (claude §2.5, the syntax of a hook's
// if rule).
func ParseRule(text string) (Rule, error) {
	r, err := settings.ParseRule(text)
	if err != nil {
		return Rule{}, err
	}
	return Rule{Text: strings.TrimSpace(text), Tool: r.Name, Content: r.Specifier, HasContent: r.HasSpec}, nil
}

// resolveDir makes a directory of additionalDirectories absolute.
func resolveDir(d, home, project string) string {
	switch {
	case d == "~":
		return filepath.Clean(home)
	case strings.HasPrefix(d, "~/"):
		return filepath.Join(home, d[2:])
	case filepath.IsAbs(d):
		return filepath.Clean(d)
	}
	return filepath.Join(project, d)
}
