// Command gencases regenerates the conformance kit's committed cases
// from the project's own recordings:
//
//	go run ./conformance/gen/gencases [-recordings testdata/recordings] [-out conformance/cases] [-corpus MANIFEST.tsv]
//
// Run from the repository's root. Each agent's recordings are read from
// <recordings>/<agent>; the suite (session files and MANIFEST.json) is
// written under <out>, replacing it. -shared DIR adds the recordings of
// DIR/<agent>-oracle/cases (and DIR/oracle/cases for Claude Code) —
// for a suite made at test time, not for committing; -recordings ""
// reads none of the project's; -agents claude,crush limits the agents.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/hookcompat/hookcompat/conformance/gen"
)

func main() {
	recordings := flag.String("recordings", "testdata/recordings", "folder of <agent>/<recording> folders")
	out := flag.String("out", "conformance/cases", "where to write the suite")
	shared := flag.String("shared", "", "also read the shared oracles' recordings under this folder")
	corpus := flag.String("corpus", "", "corpus manifest (MANIFEST.tsv) naming public files and their licenses")
	agents := flag.String("agents", "", "comma-separated agents to read (default: all)")
	flag.Parse()
	if *corpus != "" {
		if _, err := os.Stat(*corpus); err != nil {
			fmt.Fprintf(os.Stderr, "gencases: no corpus manifest at %s: public files are not recognised\n", *corpus)
			*corpus = ""
		}
	}
	opts := gen.SuiteOptions{Recordings: *recordings, Shared: *shared, Corpus: *corpus}
	if *agents != "" {
		opts.Agents = strings.Split(*agents, ",")
	}
	n, skipped, err := gen.Build(*out, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencases:", err)
		os.Exit(1)
	}
	fmt.Printf("gencases: %d cases written to %s (%d recordings left out; see MANIFEST.json)\n", n, *out, skipped)
}
