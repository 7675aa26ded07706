//go:build !unix

package runner

import "os"

// Without POSIX shells to reproduce, every command runs through its shell.
type directPlan struct{ forks bool }

func planDirect(*Invocation, []string) *directPlan { return nil }

func (*directPlan) spec(string) procSpec { return procSpec{} }

func (*directPlan) asShell(*os.ProcessState, *RunResult, *capBuffer, string) {}
