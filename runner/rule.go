package runner

import (
	"net/url"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/tidwall/gjson"
	"mvdan.cc/sh/v3/syntax"

	"github.com/hookcompat/hookcompat/settings"
)

// ifSelects applies a hook's if rule (HK-64) in the syntax of the hook's
// protocol: native rules here, foreign ones through [RuleProtocol].
func ifSelects(h *settings.Hook, ev *Event) bool {
	if h.If == "" {
		return true
	}
	if !ev.Name.ToolEvent() {
		// A rule names tool calls; on other events the hook never runs.
		return false
	}
	if p, ok := LookupProtocol(h.EffectiveProtocol()); ok {
		if rp, ok := p.(RuleProtocol); ok {
			return rp.RuleSelects(h, ev)
		}
	}
	rule, err := settings.ParseRule(h.If)
	if err != nil {
		return false // rejected at load time; unreachable for validated configs
	}
	return NativeRuleSelects(rule, ev)
}

// RuleProtocol is implemented by protocols whose if rules have their own
// syntax (Claude's Bash(git *)); the engine asks them instead of
// evaluating a native rule.
type RuleProtocol interface {
	RuleSelects(h *settings.Hook, ev *Event) bool
}

// NativeRuleSelects reports whether a native permission rule names the
// tool call of ev (HK-64):
//   - shell(PATTERN): the shell tool, and PATTERN matches one command of
//     the script in args.command (see [ShellRuleMatches]);
//   - read(GLOB), write(GLOB), delete(GLOB): a tool of that kind (read:
//     read, glob, grep; write: write, edit, multi_edit, notebook_edit;
//     delete: delete) whose args.path matches GLOB (see [PathRuleMatches]);
//   - web(HOST): web_fetch or web_search whose args.url host matches HOST
//     ("*.example.com" covers subdomains; a "domain:" prefix is accepted);
//   - skill(NAME), agent(NAME): the skill or agent tool with that name;
//   - any other NAME or NAME(GLOB): the tool NAME, its primary argument
//     (command, path or url) matching GLOB.
func NativeRuleSelects(r settings.Rule, ev *Event) bool {
	args := gjson.ParseBytes(ev.Args)
	switch r.Name {
	case "shell":
		if ev.Tool != "shell" {
			return false
		}
		return !r.HasSpec || ShellRuleMatches(r.Specifier, args.Get("command").String())
	case "read", "write", "delete":
		if !toolKinds[r.Name][ev.Tool] {
			return false
		}
		return !r.HasSpec || PathRuleMatches(r.Specifier, args.Get("path").String(), ev.Cwd)
	case "web":
		if ev.Tool != "web_fetch" && ev.Tool != "web_search" {
			return false
		}
		return !r.HasSpec || HostRuleMatches(r.Specifier, args.Get("url").String())
	case "skill", "agent":
		if ev.Tool != r.Name {
			return false
		}
		name := args.Get("name").String()
		if r.Name == "agent" {
			name = args.Get("subagent_type").String()
		}
		return !r.HasSpec || globMatch(r.Specifier, name)
	}
	if !globMatch(r.Name, ev.Tool) {
		return false
	}
	if !r.HasSpec {
		return true
	}
	for _, k := range []string{"command", "path", "url"} {
		if v := args.Get(k); v.Exists() {
			return globMatch(r.Specifier, v.String())
		}
	}
	return false
}

var toolKinds = map[string]map[string]bool{
	"read":   {"read": true, "glob": true, "grep": true},
	"write":  {"write": true, "edit": true, "multi_edit": true, "notebook_edit": true},
	"delete": {"delete": true},
}

// ShellCommands parses script as POSIX shell (mvdan.cc/sh) and returns
// each simple command's text, without leading VAR=value assignments, in
// source order, including commands inside $(…) and backquotes. dynamic
// reports whether some command contains an expansion ($VAR, $(…), `…`)
// whose value cannot be known. ok is false when the script does not parse.
func ShellCommands(script string) (cmds []string, dynamic, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "")
	if err != nil {
		return nil, false, false
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				return true
			}
			start, end := x.Args[0].Pos().Offset(), x.Args[len(x.Args)-1].End().Offset()
			if int(end) <= len(script) && start < end {
				cmds = append(cmds, script[start:end])
			}
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			dynamic = true
		}
		return true
	})
	return cmds, dynamic, true
}

// ShellRuleMatches reports whether a shell rule's pattern names one of the
// commands of script (HK-64, claude §2.5). A pattern is a command with "*"
// wildcards ("git push *"; a trailing " *" also matches the bare command)
// or the legacy prefix form "npm run test:*". A script that does not
// parse, or whose commands contain expansions when the pattern says more
// than a command name, selects the hook: the filter fails open.
func ShellRuleMatches(pattern, script string) bool {
	pattern = strings.TrimSpace(pattern)
	if pattern == "" || pattern == "*" {
		return true
	}
	if p, ok := strings.CutSuffix(pattern, ":*"); ok {
		pattern = p + " *"
	}
	cmds, dynamic, ok := ShellCommands(script)
	if !ok {
		return true
	}
	if dynamic && strings.ContainsAny(strings.TrimSuffix(pattern, " *"), " ") {
		return true
	}
	re := wildcardRegexp(pattern)
	bare := ""
	if strings.HasSuffix(pattern, " *") {
		bare = strings.TrimSuffix(pattern, " *")
	}
	for _, c := range cmds {
		c = strings.Join(strings.Fields(c), " ")
		if re.MatchString(c) || (bare != "" && c == bare) {
			return true
		}
	}
	return false
}

// wildcardRegexp compiles a pattern whose only wildcard is "*" (any run of
// characters) into an anchored regexp.
func wildcardRegexp(p string) *regexp.Regexp {
	parts := strings.Split(p, "*")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// PathRuleMatches reports whether path matches a gitignore-style glob:
// "**" spans directories, "*" and "?" stay within one; a relative glob is
// anchored at cwd ("src/**" means cwd/src/**) unless it has no slash, in
// which case it matches the base name at any depth.
func PathRuleMatches(glob, path, cwd string) bool {
	if path == "" {
		return false
	}
	glob = strings.TrimPrefix(glob, "./")
	if !strings.Contains(glob, "/") {
		return globPathRegexp(glob).MatchString(filepath.Base(path))
	}
	if !filepath.IsAbs(glob) && !strings.HasPrefix(glob, "**") {
		glob = filepath.ToSlash(filepath.Join(cwd, glob)) + strings.Repeat("/", boolInt(strings.HasSuffix(glob, "/")))
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(cwd, path)
	}
	return globPathRegexp(glob).MatchString(filepath.ToSlash(path))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func globPathRegexp(glob string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; c {
		case '*':
			if i+1 < len(glob) && glob[i+1] == '*' {
				i++
				if i+1 < len(glob) && glob[i+1] == '/' {
					i++
					b.WriteString("(?:.*/)?")
				} else {
					b.WriteString(".*")
				}
			} else {
				b.WriteString("[^/]*")
			}
		case '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// HostRuleMatches reports whether the host of rawURL matches pattern
// ("example.com", "*.example.com", optionally prefixed "domain:"),
// case-insensitively.
func HostRuleMatches(pattern, rawURL string) bool {
	pattern = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(pattern), "domain:"))
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" {
		return false
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if rest, ok := strings.CutPrefix(pattern, "*."); ok {
		return host == rest || strings.HasSuffix(host, "."+rest)
	}
	return host == pattern
}

func globMatch(pattern, s string) bool {
	return wildcardRegexp(pattern).MatchString(s)
}
