package claude

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// EnvFileExports reads a CLAUDE_ENV_FILE written by SessionStart hooks and
// returns the variables it exports, as "KEY=value", sorted. Claude Code
// sources the file before every later Bash tool command (claude §7.4;
// oracle u: "CLAUDE_ENV_FILE exports reach Bash"); an agent that wants the
// same adds these variables to its shell tool's environment.
//
// The file is interpreted as POSIX shell (mvdan.cc/sh) with base as the
// starting environment, without running any external program (a command
// substitution calling one fails and leaves its variable unset). Only
// variables the file exports, or changes when they were already exported,
// are returned. A missing file yields no variables and no error; a file
// that does not parse is an error naming line and column.
func EnvFileExports(path string, base []string) ([]string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("CLAUDE_ENV_FILE: %w", err)
	}
	file, err := syntax.NewParser().Parse(strings.NewReader(string(data)), path)
	if err != nil {
		return nil, fmt.Errorf("CLAUDE_ENV_FILE: %w", err)
	}
	noExec := func(interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(ctx context.Context, args []string) error {
			return interp.ExitStatus(127)
		}
	}
	r, err := interp.New(
		interp.Env(expand.ListEnviron(base...)),
		interp.StdIO(nil, io.Discard, io.Discard),
		interp.ExecHandlers(noExec),
	)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = r.Run(ctx, file) // a failing line does not undo the exports before it
	before := map[string]string{}
	for _, kv := range base {
		if k, v, ok := strings.Cut(kv, "="); ok {
			before[k] = v
		}
	}
	var out []string
	for name, v := range r.Vars {
		if !v.Exported || v.Kind != expand.String {
			continue
		}
		if old, ok := before[name]; ok && old == v.Str {
			continue
		}
		out = append(out, name+"="+v.Str)
	}
	sort.Strings(out)
	return out, nil
}
