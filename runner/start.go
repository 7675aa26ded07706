package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/hookcompat/hookcompat/internal/hookkit"
)

// envWithoutNUL returns env made safe to pass to a process: a NUL byte
// cannot be part of an environment variable, so NULs in values are
// dropped ("a\x00b" becomes "ab") and a variable whose name holds one is
// left out. The hook still starts (a guard must not be skipped because an
// event field such as a session id held a NUL); its stdin payload keeps
// the field exactly. env is returned as is when it holds no NUL.
func envWithoutNUL(env []string) []string {
	clean := true
	for _, kv := range env {
		if strings.IndexByte(kv, 0) >= 0 {
			clean = false
			break
		}
	}
	if clean {
		return env
	}
	out := make([]string, 0, len(env))
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if strings.IndexByte(k, 0) >= 0 {
			continue
		}
		out = append(out, k+"="+strings.ReplaceAll(v, "\x00", ""))
	}
	return out
}

// argvWithoutNUL reports an argument or working directory that holds a
// NUL byte, which no program can receive: the hook's configuration wrote
// one (event fields never reach argv).
func argvWithoutNUL(inv *Invocation) error {
	for i, a := range inv.Argv {
		if strings.IndexByte(a, 0) >= 0 {
			return fmt.Errorf("argument %d of the hook (%q) contains a NUL byte, which no program can receive", i, a)
		}
	}
	if strings.IndexByte(inv.Dir, 0) >= 0 {
		return fmt.Errorf("the hook's working directory %q contains a NUL byte", inv.Dir)
	}
	return nil
}

// InterpreterError is a start failure of a script whose #! line names an
// interpreter that does not exist, or ends with a carriage return (a
// script saved with CRLF line endings names "/bin/sh\r"): the system
// reports only "no such file or directory", as if the script were
// missing. Error keeps the system's message and names the interpreter.
type InterpreterError struct {
	Script      string // the script run
	Interpreter string // as its #! line names it, "\r" included
	CRLF        bool   // the #! line ends with a carriage return
	Err         error  // the start error
}

func (e *InterpreterError) Error() string {
	if e.CRLF {
		return fmt.Sprintf("%v: the #! line of %s ends with a carriage return (CRLF line endings), so its interpreter %q does not exist; convert the script to LF line endings", e.Err, e.Script, e.Interpreter)
	}
	return fmt.Sprintf("%v: the interpreter %q named on the #! line of %s does not exist", e.Err, e.Interpreter, e.Script)
}

func (e *InterpreterError) Unwrap() error { return e.Err }

// explainStartErr turns a "no such file or directory" for a script that
// exists into an [InterpreterError] naming its interpreter.
func explainStartErr(path string, err error) error {
	if !errors.Is(err, fs.ErrNotExist) || path == "" {
		return err
	}
	if interp, crlf, ok := hookkit.Shebang(path); ok {
		if _, statErr := os.Stat(interp); crlf || statErr != nil {
			return &InterpreterError{Script: path, Interpreter: interp, CRLF: crlf, Err: err}
		}
	}
	return err
}
