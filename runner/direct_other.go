//go:build !unix

package runner

import "os/exec"

// Without POSIX shells to reproduce, every command runs through its shell.
type directPlan struct{ forks bool }

func planDirect(*Invocation, []string) *directPlan { return nil }

func (*directPlan) cmd(string) *exec.Cmd { return nil }

func (*directPlan) asShell(*exec.Cmd, *RunResult, *capBuffer, bool) {}
