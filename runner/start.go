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

// dedupEnv returns env as os/exec passes an environment on
// (exec.Cmd.Environ on Unix): only the last definition of each name, in
// the order of those definitions, and no empty entries. When env has
// neither, it is returned as is, without a copy: a hook's environment is
// built without repeats, and os/exec's copy is most of what starting it
// would allocate.
func dedupEnv(env []string) []string {
	if !envHasRepeats(env) {
		return env
	}
	out := make([]string, 0, len(env))
	saw := make(map[string]bool, len(env))
	for n := len(env); n > 0; n-- {
		kv := env[n-1]
		i := strings.IndexByte(kv, '=')
		if i == 0 {
			i = strings.IndexByte(kv[1:], '=') + 1
		}
		if i < 0 {
			if kv != "" {
				out = append(out, kv)
			}
			continue
		}
		if k := kv[:i]; !saw[k] {
			saw[k] = true
			out = append(out, kv)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// envHasRepeats reports whether env has an empty entry, an entry whose
// name starts with '=', or a name defined twice. Up to 256 entries it
// uses a hash table on the stack.
func envHasRepeats(env []string) bool {
	const slots = 512
	if len(env) > slots/2 {
		return true // let dedupEnv's map decide
	}
	var table [slots]uint32 // 1 + index into env, 0 for empty
	for i, kv := range env {
		n := strings.IndexByte(kv, '=')
		if n <= 0 {
			return true
		}
		k := kv[:n]
		h := uint32(2166136261)
		for j := 0; j < len(k); j++ {
			h = (h ^ uint32(k[j])) * 16777619
		}
		for s := h % slots; ; s = (s + 1) % slots {
			if table[s] == 0 {
				table[s] = uint32(i + 1)
				break
			}
			other := env[table[s]-1]
			if len(other) > n && other[n] == '=' && other[:n] == k {
				return true
			}
		}
	}
	return false
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

// Error implements error.
func (e *InterpreterError) Error() string {
	if e.CRLF {
		return fmt.Sprintf("%v: the #! line of %s ends with a carriage return (CRLF line endings), so its interpreter %q does not exist; convert the script to LF line endings", e.Err, e.Script, e.Interpreter)
	}
	return fmt.Sprintf("%v: the interpreter %q named on the #! line of %s does not exist", e.Err, e.Interpreter, e.Script)
}

// Unwrap returns the underlying error, for errors.Is and errors.As.
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
