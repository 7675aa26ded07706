// Command hookcompat runs AI coding agents' lifecycle hooks unchanged
// through one engine: it loads Claude Code settings, Phi hook folders,
// native TOML and the other agents' hook files, runs events through them
// (run, exec), lists, checks and watches them (list, doctor, validate,
// watch), and converts them between formats (convert). `hookcompat help`
// describes every subcommand.
package main

import (
	"os"

	"github.com/hookcompat/hookcompat/cmd/hookcompat/internal/cli"
	// The command links every format hookcompat ships; each registers
	// itself.
	_ "github.com/hookcompat/hookcompat/compat/all"
)

func main() { os.Exit(cli.Main()) }
