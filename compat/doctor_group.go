package compat

import (
	"sort"
	"strconv"
	"strings"

	"github.com/hookcompat/hookcompat/translate"
)

// groupFindings reports each finding once: a finding with the code,
// severity, message and hint of an earlier one about the same hook (its
// event and what it runs) — the copies of one hook converted into several
// agents' files, each checked as the hook it wraps — is folded into the
// earlier one's Places; so is one about the same file's agent (perFile).
func groupFindings(in []Finding) []Finding {
	type key struct{ code, sev, msg, hint, event, hook string }
	at := map[key]int{}
	var out []Finding
	for _, f := range in {
		k := key{f.Code, f.Severity, f.Message, f.Hint, f.Event, f.Hook}
		if perFile[f.Code] {
			k.event, k.hook = "", f.File
		}
		if i, seen := at[k]; seen {
			if p := place(f); p != place(out[i]) && !containsString(out[i].Places, p) {
				out[i].Places = append(out[i].Places, p)
			}
			continue
		}
		at[k] = len(out)
		out = append(out, f)
	}
	return out
}

// perFile are the finding codes about a file's agent rather than one of
// its hooks (Cursor's third-party setting, its minimal PATH): reported
// once per file, with the other hooks' places.
var perFile = map[string]bool{"double-fire": true, "minimal-path": true}

// place is a finding's position as file:line:col.
func place(f Finding) string {
	p := f.File
	if f.Line > 0 {
		p += ":" + strconv.Itoa(f.Line)
		if f.Col > 0 {
			p += ":" + strconv.Itoa(f.Col)
		}
	}
	return p
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// shimCommandLint are the lint codes about what a command's text uses —
// variables, quoting, relative paths, shell syntax, its script — which
// say nothing of a converted hook's command, the exec shim's (the shim
// sets the wrapped hook's variables and runs it its own agent's way; the
// wrapped hook is checked by its own format's lints).
var shimCommandLint = map[string]bool{
	"undefined-env-var": true, "unquoted-project-dir": true, "relative-path": true, "bash-only-syntax": true,
	"missing-script": true, "plugin-var-outside-plugin": true, "gemini-claude-plugin-var": true,
}

// subsume drops findings another one at the same position already says:
// a load's invalid-matcher error (a permission rule as a matcher) makes
// the generic matcher-never-fires error redundant, and that error takes
// the place of a format lint's matcher-never-fires warning of the hook,
// keeping the warning's more specific hint.
func subsume(in []Finding) []Finding {
	type pos struct {
		file      string
		line, col int
	}
	var invalid []Finding
	neverErr := map[pos]int{}
	for i, f := range in {
		p := pos{f.File, f.Line, f.Col}
		switch {
		case f.Code == "invalid-matcher" && f.Severity == SeverityError:
			invalid = append(invalid, f)
		case f.Code == CodeMatcherNeverFires && f.Severity == SeverityError:
			neverErr[p] = i
		}
	}
	var out []Finding
	for _, f := range in {
		p := pos{f.File, f.Line, f.Col}
		if f.Code != CodeMatcherNeverFires {
			out = append(out, f)
			continue
		}
		if j, ok := neverErr[p]; ok && f.Severity != SeverityError {
			if f.Hint != "" {
				in[j].Hint = f.Hint
			}
			continue
		}
		if f.Severity == SeverityError && saidBy(invalid, f) {
			continue
		}
		out = append(out, f)
	}
	// The hints taken over are in in[j]; copy them to out.
	for k := range out {
		if out[k].Code == CodeMatcherNeverFires && out[k].Severity == SeverityError {
			if j, ok := neverErr[pos{out[k].File, out[k].Line, out[k].Col}]; ok {
				out[k].Hint = in[j].Hint
			}
		}
	}
	return out
}

// saidBy reports whether one of the load's invalid-matcher errors, in the
// file of f (a matcher-never-fires error), names f's matcher.
func saidBy(invalid []Finding, f Finding) bool {
	rest, ok := strings.CutPrefix(f.Message, "matcher ")
	if !ok {
		return false
	}
	q, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return false
	}
	for _, v := range invalid {
		if v.File == f.File && strings.Contains(v.Message, q) {
			return true
		}
	}
	return false
}

// onePerPlace reports each code once per hook and place: findings of one
// code at one position (a matcher naming two unknown tools, the hook's
// host lint and its wrapped hook's) become one, the most severe first,
// the messages and hints of the others joined to it.
func onePerPlace(in []Finding) []Finding {
	type key struct {
		file, code string
		line, col  int
	}
	at := map[key]int{}
	var out []Finding
	for _, f := range in {
		k := key{absPath(f.File), f.Code, f.Line, f.Col}
		i, seen := at[k]
		if !seen || f.Line == 0 {
			at[k] = len(out)
			out = append(out, f)
			continue
		}
		first := &out[i]
		if severityRank(f.Severity) > severityRank(first.Severity) {
			f, *first = *first, f
		}
		if f.Message != first.Message && !strings.Contains(first.Message, f.Message) {
			first.Message += "; " + f.Message
		}
		if f.Hint != "" && f.Hint != first.Hint && !strings.Contains(first.Hint, f.Hint) {
			if first.Hint != "" {
				first.Hint += "; "
			}
			first.Hint += f.Hint
		}
	}
	return out
}

// unsaid returns the load warnings of l that are not findings
// (format.DropsHooks makes those findings) and that no finding of fs
// says again: a finding of the same file and code placed at the hook
// whose definition holds the warning (the last hook of that file that
// starts at or before the warning's position).
func unsaid(l *Loaded, fs []Finding) []translate.Warning {
	type pos struct{ line, col int }
	starts := map[string][]pos{}
	for _, h := range l.Config.Hooks {
		if h.Source.File != "" && h.Source.Line > 0 {
			f := absPath(h.Source.File)
			starts[f] = append(starts[f], pos{h.Source.Line, h.Source.Col})
		}
	}
	for f := range starts {
		p := starts[f]
		sort.Slice(p, func(i, j int) bool { return p[i].line < p[j].line || p[i].line == p[j].line && p[i].col < p[j].col })
	}
	type key struct {
		file, code string
		at         pos
	}
	said := map[key]bool{}
	for _, f := range fs {
		said[key{absPath(f.File), f.Code, pos{f.Line, f.Col}}] = true
	}
	var out []translate.Warning
	for _, w := range l.Warnings {
		if DropsHooks(w) {
			continue
		}
		file := absPath(w.File)
		if w.Line > 0 {
			var hook *pos
			for i, p := range starts[file] {
				if p.line < w.Line || p.line == w.Line && p.col <= w.Col {
					hook = &starts[file][i]
				}
			}
			if hook != nil && said[key{file, w.Code, *hook}] {
				continue
			}
		}
		out = append(out, w)
	}
	return out
}
