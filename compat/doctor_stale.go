package compat

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
)

// CodeStaleConversion: a loaded file that holds converted hooks is not
// what `hookcompat convert` writes from its sources now — a source
// changed since, so the agent of that file runs yesterday's hooks (a
// guard added, changed or removed at home is not, there).
const CodeStaleConversion = "stale-conversion"

// staleFindings converts again, in memory, every loaded file that holds
// converted hooks (shim calls) from the loaded sources they were
// converted from, and reports each file that differs. A source counts as
// converted into a file when one of its hooks is the hook one of the
// file's shim calls wraps (same format, event and command); the file is
// converted into in place, with the shim its calls name. Files whose
// sources cannot be told are not judged.
func staleFindings(l *Loaded) []Finding {
	type converted struct {
		host, shim string
		protocols  map[string]bool
		wraps      map[string]bool // protocol\x00event\x00command
		first      *settings.Hook
	}
	byFile := map[string]*converted{}
	var order []string
	for i := range l.Config.Hooks {
		h := &l.Config.Hooks[i]
		argv := h.Args
		if len(argv) == 0 {
			argv, _ = format.ShimCommandArgs(h.Command)
		}
		if !format.IsShim(argv) || h.Source.File == "" {
			continue
		}
		spec, inner, err := format.ParseShim(argv)
		if err != nil || inner == nil || len(spec.Sources) > 0 {
			continue
		}
		file := absPath(h.Source.File)
		c := byFile[file]
		if c == nil {
			c = &converted{host: spec.Host, shim: argv[0], protocols: map[string]bool{}, wraps: map[string]bool{}, first: h}
			byFile[file] = c
			order = append(order, file)
		}
		c.protocols[spec.Protocol] = true
		c.wraps[spec.Protocol+"\x00"+string(inner.Event)+"\x00"+inner.Command+"\x00"+strings.Join(inner.Args, "\x00")] = true
	}
	var out []Finding
	for _, file := range order {
		c := byFile[file]
		target := c.host
		if target == "" {
			target = TargetNative
		}
		if _, err := format.GetTarget(target); err != nil {
			continue
		}
		// The sources converted into file: those of whose hooks one is
		// wrapped there, in load order.
		var inputs []Input
		var names []string
		seen := map[string]bool{}
		for i := range l.Config.Hooks {
			h := &l.Config.Hooks[i]
			src := absPath(h.Source.File)
			p := h.EffectiveProtocol()
			if src == file || seen[src] || !c.protocols[p] {
				continue
			}
			if !c.wraps[p+"\x00"+string(h.Event)+"\x00"+h.Command+"\x00"+strings.Join(h.Args, "\x00")] {
				continue
			}
			data, err := os.ReadFile(src)
			if err != nil {
				continue
			}
			seen[src] = true
			inputs = append(inputs, Input{Name: h.Source.File, Data: data, From: p})
			names = append(names, relTo(h.Source.File, l.Project))
		}
		if len(inputs) == 0 {
			// No loaded source holds a hook this file's calls wrap: the
			// source changed every converted hook, or is gone.
			var others []string
			for _, src := range l.Sources {
				if c.protocols[src.Format] && absPath(src.Path) != file {
					if _, err := os.Stat(src.Path); err == nil {
						others = append(others, relTo(src.Path, l.Project))
					}
				}
			}
			if len(others) > 0 {
				out = append(out, Finding{File: c.first.Source.File, Line: c.first.Source.Line, Col: c.first.Source.Col, Event: string(c.first.Event), Hook: c.first.Label(),
					Code: CodeStaleConversion, Severity: SeverityWarning,
					Message: fmt.Sprintf("%s may be stale: none of the loaded sources of its converted hooks' formats (%s) has the hooks they run", relTo(file, l.Project), strings.Join(others, ", ")),
					Hint:    fmt.Sprintf("convert again from the source it was converted from (hookcompat convert --check --target %s --in-place %s SOURCE tells)", target, relTo(file, l.Project))})
			}
			continue
		}
		existing, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		again := func(prune bool) bool {
			res := Convert(inputs, ConvertOptions{Target: target, Shim: c.shim, Existing: existing, Path: file, Project: l.Project, AsLoaded: true, Prune: prune})
			return len(res.Errors) == 0 && !bytes.Equal(res.Output, existing)
		}
		// First as convert --in-place writes (converted hooks the
		// sources no longer have are kept), then pruned: a hook deleted
		// at home whose converted copy still runs.
		changed := again(false)
		if !changed && !again(true) {
			continue
		}
		sort.Strings(names)
		cmd := fmt.Sprintf("hookcompat convert --target %s --in-place %s %s", target, relTo(file, l.Project), strings.Join(names, " "))
		if c.shim != "hookcompat" {
			cmd = fmt.Sprintf("hookcompat convert --target %s --shim %s --in-place %s %s", target, c.shim, relTo(file, l.Project), strings.Join(names, " "))
		}
		f := Finding{File: c.first.Source.File, Line: c.first.Source.Line, Col: c.first.Source.Col, Event: string(c.first.Event), Hook: c.first.Label(),
			Code: CodeStaleConversion, Severity: SeverityWarning,
			Message: fmt.Sprintf("%s is stale: it is not what convert writes from %s now (a source changed since it was converted), so that agent runs other hooks than these sources", relTo(file, l.Project), strings.Join(names, ", ")),
			Hint:    "run " + cmd + " (convert --check in CI catches it)"}
		if !changed {
			f.Message = fmt.Sprintf("%s holds converted hooks that %s no longer has (deleted at home since, or converted from a file not loaded here), and that agent still runs them", relTo(file, l.Project), strings.Join(names, ", "))
			f.Hint = "if they were deleted at home, run " + strings.Replace(cmd, " --in-place ", " --prune --in-place ", 1) + " (it removes every converted hook those sources do not have)"
		}
		out = append(out, f)
	}
	return out
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// relTo writes p relative to dir when it lies under it.
func relTo(p, dir string) string {
	if r, err := filepath.Rel(dir, absPath(p)); err == nil && r != ".." && !strings.HasPrefix(r, "../") {
		return r
	}
	return p
}
