package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// The comparison rules (README.md, "Comparison"). Every field a case's
// Expect sets is one check; a case passes when all its checks pass.
//
//   - hooks: which hooks ran, as a multiset of name=exit status (killed
//     for a hook that left no exit status); then, pairing the k-th run of a
//     name with the k-th capture of that name, its stdin (exact, after
//     normalisation), its working directory and each named environment
//     variable (exact after normalisation; null: unset).
//   - tool_runs, prompt_blocked, continues, stops: exact; a value the
//     implementation leaves out is false ("" for stops).
//   - tool_input: equal as JSON values after normalising its strings.
//   - user_text: exact after normalisation and trimming white space.
//   - texts: the same multiset of texts, each normalised and trimmed;
//     then placement: each text the case places is placed alike (the
//     agent's placement words, README.md).
//
// Normalisation writes the sandbox's paths and the session's values back
// as placeholders (the longest value first), then applies the session's
// rules in order.

// Check names, in the order results list them.
const (
	CheckHooks         = "hooks"
	CheckStdin         = "stdin"
	CheckCwd           = "cwd"
	CheckEnv           = "env"
	CheckToolRuns      = "tool_runs"
	CheckToolInput     = "tool_input"
	CheckPromptBlocked = "prompt_blocked"
	CheckContinues     = "continues"
	CheckStops         = "stops"
	CheckUserText      = "user_text"
	CheckTexts         = "texts"
	CheckPlacement     = "placement"
)

// Checks lists every check name in order.
var Checks = []string{CheckHooks, CheckStdin, CheckCwd, CheckEnv, CheckToolRuns, CheckToolInput,
	CheckPromptBlocked, CheckContinues, CheckStops, CheckUserText, CheckTexts, CheckPlacement}

// judge compares one case's effect and captures with its expectations
// and returns the result of each check and the problems found.
func judge(sb *Sandbox, c *Case, eff *Effect, caps []Capture) (map[string]bool, []string) {
	checks := map[string]bool{}
	var problems []string
	fail := func(check, format string, args ...any) {
		checks[check] = false
		problems = append(problems, check+": "+fmt.Sprintf(format, args...))
	}
	pass := func(check string) {
		if _, seen := checks[check]; !seen {
			checks[check] = true
		}
	}
	e := &c.Expect
	if e.Hooks != nil {
		judgeHooks(sb, *e.Hooks, caps, pass, fail)
	}
	if eff == nil {
		eff = &Effect{}
	}
	boolCheck := func(name string, want, got *bool) {
		if want == nil {
			return
		}
		g := got != nil && *got
		if g != *want {
			fail(name, "the agent: %v, the implementation: %v", *want, g)
			return
		}
		pass(name)
	}
	boolCheck(CheckToolRuns, e.ToolRuns, eff.ToolRuns)
	boolCheck(CheckPromptBlocked, e.PromptBlocked, eff.PromptBlocked)
	boolCheck(CheckContinues, e.Continues, eff.Continues)
	if e.Stops != nil {
		got := ""
		if eff.Stops != nil {
			got = *eff.Stops
		}
		if got != *e.Stops {
			fail(CheckStops, "the agent: %q, the implementation: %q", *e.Stops, got)
		} else {
			pass(CheckStops)
		}
	}
	if e.ToolInput != nil {
		if jsonEqual(sb, e.ToolInput, eff.ToolInput) {
			pass(CheckToolInput)
		} else {
			fail(CheckToolInput, "the agent ran the tool with %s, the implementation %s", e.ToolInput, sb.Normalize(string(eff.ToolInput)))
		}
	}
	if e.UserText != nil {
		got := ""
		if eff.UserText != nil {
			got = *eff.UserText
		}
		if w, g := normText(sb, *e.UserText), normText(sb, got); w != g {
			fail(CheckUserText, "the agent showed the user %q, the implementation %q", w, g)
		} else {
			pass(CheckUserText)
		}
	}
	if e.Texts != nil {
		want, got := make([]string, 0, len(*e.Texts)), make([]string, 0, len(eff.Texts))
		for _, t := range *e.Texts {
			want = append(want, normText(sb, t.Text))
		}
		for _, t := range eff.Texts {
			got = append(got, normText(sb, t.Text))
		}
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(want, "\x00") != strings.Join(got, "\x00") {
			fail(CheckTexts, "the agent sent the model %d text(s) %q, the implementation %d %q", len(want), want, len(got), got)
		} else {
			pass(CheckTexts)
			judgePlacement(sb, *e.Texts, eff.Texts, pass, fail)
		}
	}
	return checks, problems
}

func judgeHooks(sb *Sandbox, want []HookRun, caps []Capture, pass func(string), fail func(string, string, ...any)) {
	key := func(name string, exit *int) string {
		if exit == &anyExit {
			return name + "=any"
		}
		if exit == nil {
			return name + "=killed"
		}
		return fmt.Sprintf("%s=%d", name, *exit)
	}
	var w, g []string
	anyOf := map[string]int{}
	for _, h := range want {
		if h.AnyExit {
			anyOf[h.Name]++
			w = append(w, key(h.Name, &anyExit))
			continue
		}
		w = append(w, key(h.Name, h.Exit))
	}
	for _, c := range caps {
		if anyOf[c.Name] > 0 {
			anyOf[c.Name]--
			g = append(g, key(c.Name, &anyExit))
			continue
		}
		g = append(g, key(c.Name, c.Exit))
	}
	sort.Strings(w)
	sort.Strings(g)
	if strings.Join(w, " ") != strings.Join(g, " ") {
		fail(CheckHooks, "the agent ran [%s], the implementation [%s]", strings.Join(w, " "), strings.Join(g, " "))
	} else {
		pass(CheckHooks)
	}
	used := map[int]bool{}
	for _, h := range want {
		var c *Capture
		for i := range caps {
			if !used[i] && caps[i].Name == h.Name {
				c, used[i] = &caps[i], true
				break
			}
		}
		if c == nil {
			continue // counted by the hooks check
		}
		if h.Stdin != nil {
			if got, w := sb.Normalize(c.Stdin), sb.Normalize(*h.Stdin); got != w {
				fail(CheckStdin, "%s got\n  %q\nthe agent sent\n  %q", h.Name, got, w)
			} else {
				pass(CheckStdin)
			}
		}
		if h.Cwd != "" {
			if got := sb.Normalize(c.Cwd); got != h.Cwd {
				fail(CheckCwd, "%s ran in %s, the agent ran it in %s", h.Name, got, h.Cwd)
			} else {
				pass(CheckCwd)
			}
		}
		if len(h.Env) > 0 {
			ok := true
			for _, k := range sortedKeys(h.Env) {
				v := h.Env[k]
				got, set := c.Env[k]
				switch {
				case v == nil && set:
					ok = false
					fail(CheckEnv, "%s: %s=%q is set; the agent left it unset", h.Name, k, sb.Normalize(got))
				case v != nil && !set:
					ok = false
					fail(CheckEnv, "%s: %s is unset; the agent set %q", h.Name, k, *v)
				case v != nil && sb.Normalize(got) != sb.Normalize(*v):
					ok = false
					fail(CheckEnv, "%s: %s=%q; the agent set %q", h.Name, k, sb.Normalize(got), *v)
				}
			}
			if ok {
				pass(CheckEnv)
			}
		}
	}
}

// anyExit stands for "any exit status" in judgeHooks.
var anyExit = -1

// normText is a text normalised for comparison.
func normText(sb *Sandbox, s string) string {
	return strings.TrimSpace(sb.Normalize(strings.TrimSpace(s)))
}

// jsonEqual compares two JSON values after normalising got's strings
// (want is in placeholders already).
func jsonEqual(sb *Sandbox, want, got json.RawMessage) bool {
	if got == nil {
		return false
	}
	var x, y any
	if json.Unmarshal(want, &x) != nil || json.Unmarshal([]byte(sb.Normalize(string(got))), &y) != nil {
		return bytes.Equal(bytes.TrimSpace(want), bytes.TrimSpace(got))
	}
	a, _ := json.Marshal(x)
	b, _ := json.Marshal(y)
	return bytes.Equal(a, b)
}

// judgePlacement compares the placements of texts that are the same
// multiset: each expected text with a placement needs one of the
// implementation's with the same text and placement. It is a check only
// when the case places some text.
func judgePlacement(sb *Sandbox, want, got []Text, pass func(string), fail func(string, string, ...any)) {
	used := make([]bool, len(got))
	placed, ok := false, true
	var bad []string
	for _, w := range want {
		if w.Placement == "" {
			continue
		}
		placed = true
		wt, found := normText(sb, w.Text), false
		var seen []string
		for i, g := range got {
			if used[i] || normText(sb, g.Text) != wt {
				continue
			}
			if g.Placement == w.Placement {
				used[i], found = true, true
				break
			}
			seen = append(seen, g.Placement)
		}
		if !found {
			ok = false
			bad = append(bad, fmt.Sprintf("%q: the agent put it at %s, the implementation at %q", clipText(wt), w.Placement, seen))
		}
	}
	switch {
	case !placed:
	case ok:
		pass(CheckPlacement)
	default:
		fail(CheckPlacement, "%s", strings.Join(bad, "; "))
	}
}

// clipText shortens a long text for a message.
func clipText(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}
