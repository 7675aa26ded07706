package settings

import (
	"fmt"
	"strings"
)

// Native rule kinds (HK-64): the names of if rules that name a kind of
// tool rather than one tool. Which host tools each kind covers is the
// engine's tool vocabulary's business (translate.Tool.Kind).
const (
	RuleShell  = "shell"  // shell commands: a command pattern per command of the script
	RuleRead   = "read"   // reading files: a path glob
	RuleWrite  = "write"  // writing files: a path glob
	RuleDelete = "delete" // deleting files: a path glob
	RuleWeb    = "web"    // fetching or searching the web: a host
	RuleSkill  = "skill"  // running a skill: its name
	RuleAgent  = "agent"  // starting a subagent: its type
)

// Rule is a parsed permission rule of a hook's if field (HK-64): a tool
// name or rule kind, optionally followed by a parenthesised specifier.
//
// Native rule kinds are shell (specifier: a command pattern matched against
// each command of the script), read, write and delete (a path glob), web (a
// host), skill and agent (a name). Any other name is a tool name that must
// equal the call's tool; its specifier, if any, is matched against the
// call's primary argument.
type Rule struct {
	Name      string // rule kind or tool name, as written
	Specifier string // text between the parentheses, without them
	HasSpec   bool   // whether parentheses were written (Name() vs Name)
}

// String renders the rule as written: Name or Name(Specifier).
func (r Rule) String() string {
	if !r.HasSpec {
		return r.Name
	}
	return r.Name + "(" + r.Specifier + ")"
}

// ParseRule parses a permission rule such as "shell(git push *)",
// "write(src/**)", "web(example.com)" or "mcp__github__create_issue".
// It returns an error for an empty rule, an empty or malformed name,
// unbalanced parentheses, or text after the closing parenthesis; an
// unparsable rule is a startup error (HK-64).
func ParseRule(s string) (Rule, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Rule{}, fmt.Errorf("empty rule")
	}
	open := strings.IndexByte(s, '(')
	if open < 0 {
		if strings.ContainsAny(s, ") \t") {
			return Rule{}, fmt.Errorf("malformed rule %q", s)
		}
		return Rule{Name: s}, validRuleName(s)
	}
	name := strings.TrimSpace(s[:open])
	if err := validRuleName(name); err != nil {
		return Rule{}, err
	}
	if !strings.HasSuffix(s, ")") {
		return Rule{}, fmt.Errorf("rule %q: missing closing parenthesis or text after it", s)
	}
	spec := s[open+1 : len(s)-1]
	depth := 0
	for _, c := range spec {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return Rule{}, fmt.Errorf("rule %q: unbalanced parentheses", s)
			}
		}
	}
	if depth != 0 {
		return Rule{}, fmt.Errorf("rule %q: unbalanced parentheses", s)
	}
	return Rule{Name: name, Specifier: spec, HasSpec: true}, nil
}

func validRuleName(name string) error {
	if name == "" {
		return fmt.Errorf("rule has no tool name")
	}
	for _, c := range name {
		ok := c == '_' || c == '-' || c == ':' || c == '.' || c == '*' ||
			(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
		if !ok {
			return fmt.Errorf("rule name %q: unexpected character %q", name, c)
		}
	}
	return nil
}
