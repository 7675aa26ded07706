// Command hookcompat loads Claude Code and native hook configs, runs them
// through one engine, and converts them to native TOML. See README.md.
package main

import (
	"os"

	"github.com/hookcompat/hookcompat/cmd/hookcompat/internal/cli"
)

func main() { os.Exit(cli.Main()) }
