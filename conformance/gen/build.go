package gen

import (
	"fmt"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/hookcompat/hookcompat/conformance"
)

// SuiteOptions says which recordings a suite is built from.
type SuiteOptions struct {
	// Recordings is a folder of <agent>/<recording> folders (the
	// project's own recordings); "" for none.
	Recordings string
	// Shared, when set, is a folder holding the shared oracles:
	// oracle/cases (Claude Code) and <agent>-oracle/cases.
	Shared string
	// Agents limits the agents read (nil: Agents).
	Agents []string
	// Corpus is a corpus manifest (MANIFEST.tsv) of public files and
	// their licenses; "" when none is known.
	Corpus string
}

// Sessions generates the sessions of every recording opts names, and
// the recordings left out, in the order of agents, roots and folder
// names. The recordings are read in parallel (GOMAXPROCS at a time);
// the result does not depend on it.
func Sessions(opts SuiteOptions) ([]*conformance.Session, []Skip, error) {
	g := &Generator{}
	if opts.Corpus != "" {
		l, err := ReadLicenses(opts.Corpus)
		if err != nil {
			return nil, nil, err
		}
		g.Licenses = l
	}
	agents := opts.Agents
	if agents == nil {
		agents = Agents
	}
	type job struct {
		agent, dir, src string
		s               *conformance.Session
		skip            string
		err             error
	}
	var jobs []*job
	for _, agent := range agents {
		type root struct{ dir, label string }
		var roots []root
		if opts.Recordings != "" {
			roots = append(roots, root{filepath.Join(opts.Recordings, agent), "testdata/recordings/" + agent})
		}
		if opts.Shared != "" {
			o := agent + "-oracle"
			if agent == "claude" {
				o = "oracle"
			}
			roots = append(roots, root{filepath.Join(opts.Shared, o, "cases"), "shared/" + o + "/cases"})
		}
		for _, r := range roots {
			dirs, err := Dirs(r.dir)
			if err != nil {
				return nil, nil, err
			}
			for _, d := range dirs {
				jobs = append(jobs, &job{agent: agent, dir: d, src: r.label + "/" + filepath.Base(d)})
			}
		}
	}
	next := make(chan *job)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				j.s, j.skip, j.err = g.Session(j.agent, j.dir, j.src)
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	var out []*conformance.Session
	var skipped []Skip
	names := map[[2]string]bool{}
	for _, j := range jobs {
		if j.err != nil {
			return nil, nil, fmt.Errorf("%s: %w", j.src, j.err)
		}
		if j.skip != "" {
			skipped = append(skipped, Skip{Source: j.src, Reason: j.skip})
			continue
		}
		s := j.s
		if names[[2]string{j.agent, s.Name}] {
			s.Name += "@shared"
			for i := range s.Cases {
				s.Cases[i].ID = fmt.Sprintf("%s/%s/%s/%02d-%s", j.agent, s.Version, s.Name, i+1, s.Cases[i].Event)
			}
		}
		names[[2]string{j.agent, s.Name}] = true
		out = append(out, s)
	}
	return out, skipped, nil
}

// Build generates the suite of opts and writes it under dst (Write); it
// returns the number of cases and of recordings left out.
func Build(dst string, opts SuiteOptions) (cases, skipped int, err error) {
	sessions, skips, err := Sessions(opts)
	if err != nil {
		return 0, 0, err
	}
	if err := Write(dst, sessions, skips); err != nil {
		return 0, 0, err
	}
	return (&conformance.Suite{Sessions: sessions}).Cases(), len(skips), nil
}
