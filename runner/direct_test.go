//go:build unix

package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// directShells are the shells direct exec reproduces: /bin/sh (dash on
// Debian; no protocol opts in for it, its child's parent differs) and the
// native protocol's bash. Tests skip a shell this machine does not have.
var directShells = []string{"/bin/sh", "bash"}

func requireShell(t *testing.T, shell string) shellKind {
	t.Helper()
	kind := resolveShell(shell)
	if kind == shellUnknown || (kind == shellDash && runtime.GOOS != "linux") {
		t.Skipf("%s is not a shell direct exec reproduces here (dash on Linux, or bash)", shell)
	}
	return kind
}

func TestDirectArgv(t *testing.T) {
	env := []string{"PATH=/usr/bin:/bin", "HOME=/home/u", "CLAUDE_PROJECT_DIR=/p/my proj", "CLAUDE_PLUGIN_ROOT=/plug", "EMPTY=", "SPACY=a b", "GLOBBY=a*"}
	cases := []struct {
		cmd  string
		want []string // nil: runs through the shell
	}{
		{`node hooks/run.mjs --fix`, []string{"node", "hooks/run.mjs", "--fix"}},
		{`"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`, []string{"/p/my proj/.claude/hooks/guard.sh"}},
		{`"${CLAUDE_PROJECT_DIR}/.claude/hooks/guard.sh" --mode=strict`, []string{"/p/my proj/.claude/hooks/guard.sh", "--mode=strict"}},
		{`python3 ${CLAUDE_PLUGIN_ROOT}/hooks/gate.py`, []string{"python3", "/plug/hooks/gate.py"}},
		{`~/.claude/hooks/check.py`, []string{"/home/u/.claude/hooks/check.py"}},
		{`~`, []string{"/home/u"}},
		{`uv run 'a b' "c\"d" e\ f "" '' "\x"`, []string{"uv", "run", "a b", `c"d`, "e f", "", "", `\x`}},
		{"  node   x.js  # a comment\n", []string{"node", "x.js"}},
		{`node "$UNSET_VAR"`, []string{"node", ""}},
		{`node "$EMPTY"x`, []string{"node", "x"}},
		{`/usr/bin/env`, []string{"/usr/bin/env"}},
		// Refused: the shell decides.
		{`echo hi`, nil},                       // builtin
		{`"true"`, nil},                        // builtin, quoted
		{`node a | jq .`, nil},                 // pipe
		{`node a > out`, nil},                  // redirection
		{`node a; node b`, nil},                // two commands
		{`node a && node b`, nil},              // list
		{`FOO=1 node a`, nil},                  // assignment
		{`node $(pwd)`, nil},                   // command substitution
		{"node `pwd`", nil},                    // command substitution
		{`node *.js`, nil},                     // glob
		{`node a{1,2}`, nil},                   // brace expansion (bash)
		{`node ~user/x`, nil},                  // another user's home
		{`node a~/x`, nil},                     // tilde not at the start
		{`node ~"/x"`, nil},                    // quoted tilde prefix
		{`node $SPACY`, nil},                   // unquoted, would split
		{`node $GLOBBY`, nil},                  // unquoted, would glob
		{`node $EMPTY`, nil},                   // unquoted, empty: the word goes away
		{`node "$PWD"`, nil},                   // the shell sets PWD
		{`node "$BASH_VERSION"`, nil},          // the shell's own
		{`node "${X:-d}"`, nil},                // parameter operator
		{`node "$1"`, nil},                     // positional parameter
		{`node $'a\tb'`, nil},                  // ANSI-C quoting
		{`node a &`, nil},                      // background
		{`! node a`, nil},                      // negation
		{`if true; then node; fi`, nil},        // compound
		{`node "a$"`, nil},                     // a lone dollar sign
		{`"" a`, nil},                          // empty command name
		{`node "unterminated`, nil},            // syntax error
		{`$CLAUDE_PROJECT_DIR/x`, nil},         // unquoted, would split (a space)
		{`"$CLAUDE_PROJECT_DIR"/x 2>&1`, nil},  // redirection
		{`time node a`, nil},                   // keyword (bash), /usr/bin/time (dash)
		{"node a\nnode b", nil},                // two lines
		{`node "$(cat f)"`, nil},               // substitution in quotes
		{`node "\$X"`, []string{"node", "$X"}}, // escaped dollar
		{`node \$X \* \~`, []string{"node", "$X", "*", "~"}},
	}
	for _, shell := range directShells {
		t.Run(filepath.Base(shell), func(t *testing.T) {
			requireShell(t, shell)
			for _, c := range cases {
				argv, ok := directShellArgv(shell, c.cmd, env)
				if c.want == nil {
					assert.False(t, ok, "%q should run through %s, got %q", c.cmd, shell, argv)
					continue
				}
				if assert.True(t, ok, "%q should run directly", c.cmd) {
					assert.Equal(t, c.want, argv, "%q", c.cmd)
				}
			}
		})
	}
	_, ok := directShellArgv("/nonexistent/zsh", "node a", env)
	assert.False(t, ok, "an unknown shell always runs")
}

// TestDirectArgvRefusesShellEnv: environments a shell would not take as
// they are make its commands run through it.
func TestDirectArgvRefusesShellEnv(t *testing.T) {
	base := []string{"PATH=/usr/bin:/bin", "HOME=/h"}
	for _, tc := range []struct {
		shell string
		extra string
	}{
		{"/bin/sh", "IFS=:"}, {"/bin/sh", "OPTIND=3"}, {"/bin/sh", "PPID=1"}, {"/bin/sh", "=x"},
		{"bash", "BASH_ENV=/tmp/rc"}, {"bash", "SHELLOPTS=xtrace"}, {"bash", "BASHOPTS=nullglob"},
		{"bash", "BASH_FUNC_node%%=() { echo; }"}, {"bash", "POSIXLY_CORRECT=1"}, {"bash", "LC_ALL=xx_YY"},
		{"bash", "EXECIGNORE=*"}, {"bash", "no-equals-sign"}, {"bash", "IFS=:"},
	} {
		requireShell(t, tc.shell)
		_, ok := directShellArgv(tc.shell, "node a", append(base, tc.extra))
		assert.False(t, ok, "%s with %q", tc.shell, tc.extra)
	}
}

// directPair runs inv through the shell and directly and returns both
// results, and whether the direct run was planned (else both ran the
// shell).
func directPair(t *testing.T, inv Invocation) (viaShell, direct *RunResult, planned bool) {
	t.Helper()
	sh, d := inv, inv
	sh.Direct, d.Direct = false, true
	planned = planDirect(&d, envWithoutNUL(d.Env)) != nil
	viaShell = run(t, context.Background(), &sh, testLimits)
	direct = run(t, context.Background(), &d, testLimits)
	return viaShell, direct, planned
}

// assertSameRun asserts that the hook saw and did the same both ways.
func assertSameRun(t *testing.T, what string, viaShell, direct *RunResult) {
	t.Helper()
	assert.Equal(t, viaShell.StartErr, direct.StartErr, "%s: start error", what)
	assert.Equal(t, viaShell.ExitCode, direct.ExitCode, "%s: exit code", what)
	assert.Equal(t, viaShell.Signal, direct.Signal, "%s: signal", what)
	assert.Equal(t, viaShell.TimedOut, direct.TimedOut, "%s: timed out", what)
	assert.Equal(t, string(viaShell.Stdout), string(direct.Stdout), "%s: stdout (argv, cwd, environment, stdin)", what)
	assert.Equal(t, string(viaShell.Stderr), string(direct.Stderr), "%s: stderr", what)
}

// probeEnv is the environment of a probe run: the probe fixture, PATH
// = bin, and the given variables.
func probeEnv(t testing.TB, bin string, extra ...string) []string {
	_, fx := fixture(t, "probe")
	return append([]string{"PATH=" + bin, fx, "GORACE=atexit_sleep_ms=0"}, extra...)
}

// stubProgram makes path run the probe fixture (a symlink to the test
// binary).
func stubProgram(t *testing.T, path string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	if _, err := os.Lstat(path); err == nil {
		return
	}
	require.NoError(t, os.Symlink(os.Args[0], path))
}

// corpusCommands returns the shell-form command strings of the public
// corpus's Claude settings (../shared/corpus/claude), or skips.
func corpusCommands(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "claude", "*.json"))
	if len(files) == 0 {
		t.Skip("the public corpus (../shared/corpus/claude) is absent")
	}
	var cmds []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			c, isCmd := x["command"].(string)
			typ, _ := x["type"].(string)
			_, exec := x["args"]
			if isCmd && (typ == "" || typ == "command") && !exec {
				cmds = append(cmds, c)
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(b, &v), f)
		walk(v)
	}
	return cmds
}

// TestDirectExecCorpusShare reports how many of the corpus's shell-form
// command hooks would run without the shell as native bash-form commands
// (the rest run through it).
func TestDirectExecCorpusShare(t *testing.T) {
	requireShell(t, "bash")
	cmds := corpusCommands(t)
	env := []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/home/u", "CLAUDE_PROJECT_DIR=/work/project", "CLAUDE_PLUGIN_ROOT=/home/u/.claude/plugins/p"}
	direct := 0
	for _, c := range cmds {
		if _, ok := directShellArgv("bash", c, env); ok {
			direct++
		}
	}
	share := float64(direct) / float64(len(cmds))
	t.Logf("%d of %d shell-form command hooks of the corpus (%.0f %%) run without bash", direct, len(cmds), 100*share)
	assert.GreaterOrEqual(t, share, 0.72, "the share of corpus commands that run directly fell")
}

// TestDirectExecMatchesShellOnCorpus runs every corpus command that runs
// directly both ways, with /bin/sh (Claude) and bash (native), and
// requires the same argv, working directory, environment, stdin, exit
// code, stdout and stderr. Every program is the probe fixture: a stub in
// a fake PATH, or at the path the command names inside the test's
// folders (project, home, plugin root); a command naming a program
// anywhere else is not run.
func TestDirectExecMatchesShellOnCorpus(t *testing.T) {
	cmds := corpusCommands(t)
	seen := map[string]bool{}
	var distinct []string
	for _, c := range cmds {
		if !seen[c] {
			seen[c] = true
			distinct = append(distinct, c)
		}
	}
	for _, shell := range directShells {
		t.Run(filepath.Base(shell), func(t *testing.T) {
			requireShell(t, shell)
			root := t.TempDir()
			ws, home, plugin, bin, elsewhere := filepath.Join(root, "ws"), filepath.Join(root, "home"), filepath.Join(root, "plugin"), filepath.Join(root, "bin"), filepath.Join(root, "elsewhere")
			for _, d := range []string{ws, home, plugin, bin, elsewhere} {
				require.NoError(t, os.MkdirAll(d, 0o755))
			}
			var mu sync.Mutex
			ran, skipped := 0, 0
			// Shards of the corpus run in parallel; each command runs
			// both ways in turn.
			const shards = 4
			for s := range shards {
				t.Run(fmt.Sprint("shard", s), func(t *testing.T) {
					t.Parallel()
					for i := s; i < len(distinct); i += shards {
						c := distinct[i]
						// Half the runs inherit a PWD naming another
						// directory (the shell resets it), half the right one.
						pwd := elsewhere
						if i%2 == 0 {
							pwd = ws
						}
						env := probeEnv(t, bin, "HOME="+home, "CLAUDE_PROJECT_DIR="+ws, "CLAUDE_PLUGIN_ROOT="+plugin,
							"PWD="+pwd, "OLDPWD="+elsewhere, "SHLVL=2", "_=/usr/bin/previous", "BAD-NAME=1")
						argv, ok := directShellArgv(shell, c, env)
						if !ok {
							continue
						}
						switch prog := argv[0]; {
						case !strings.ContainsRune(prog, '/'):
							mu.Lock()
							stubProgram(t, filepath.Join(bin, prog))
							mu.Unlock()
						default:
							p := prog
							if !filepath.IsAbs(p) {
								p = filepath.Join(ws, p)
							}
							if !strings.HasPrefix(p, root+"/") {
								mu.Lock()
								skipped++
								mu.Unlock()
								continue
							}
							mu.Lock()
							stubProgram(t, p)
							mu.Unlock()
						}
						inv := Invocation{Argv: []string{shell, "-c", c}, Dir: ws, Env: env, Stdin: []byte(`{"hook_event_name":"PreToolUse"}`), Timeout: 30 * time.Second}
						viaShell, direct, planned := directPair(t, inv)
						require.True(t, planned, "%q was not run directly", c)
						assertSameRun(t, c, viaShell, direct)
						assert.Contains(t, string(direct.Stdout), `"argv":`, "%q: the probe ran", c)
						mu.Lock()
						ran++
						mu.Unlock()
					}
				})
			}
			t.Cleanup(func() {
				t.Logf("%d distinct corpus commands compared both ways; %d name a program outside the test's folders and were not run", ran, skipped)
			})
		})
	}
}

// TestDirectExecMatchesShellEdgeCases compares both ways where the
// shells' rules are subtle: PATH forms, PWD, OLDPWD, SHLVL, names the
// shells drop, quoting, a tilde, signals, timeouts.
func TestDirectExecMatchesShellEdgeCases(t *testing.T) {
	for _, shell := range directShells {
		t.Run(filepath.Base(shell), func(t *testing.T) {
			kind := requireShell(t, shell)
			root := t.TempDir()
			ws, bin, other, home := filepath.Join(root, "ws"), filepath.Join(root, "bin"), filepath.Join(root, "other"), filepath.Join(root, "home")
			for _, d := range []string{ws, bin, other, home} {
				require.NoError(t, os.MkdirAll(d, 0o755))
			}
			link := filepath.Join(root, "link")
			require.NoError(t, os.Symlink(ws, link))
			stubProgram(t, filepath.Join(bin, "prog"))
			stubProgram(t, filepath.Join(ws, "tools", "local"))
			stubProgram(t, filepath.Join(home, "hooks", "h"))
			cases := []struct {
				name, cmd string
				env       []string
				path      string // PATH, when not bin
				direct    bool   // planned without the shell
			}{
				{name: "path lookup", cmd: "prog a 'b c'", direct: true},
				{name: "relative path", cmd: "./tools/local x", direct: true},
				{name: "path below the cwd", cmd: "tools/local", direct: true},
				{name: "tilde", cmd: "~/hooks/h", env: []string{"HOME=" + home}, direct: true},
				{name: "tilde, HOME with a slash", cmd: "~/hooks/h", env: []string{"HOME=" + home + "/"}, direct: true},
				{name: "PATH entry with a trailing slash", cmd: "prog", path: bin + "/", direct: true},
				{name: "PATH entry with two slashes", cmd: "prog", path: bin + "//", direct: true},
				{name: "PATH entry with ..", cmd: "prog", path: other + "/../bin", direct: true},
				{name: "PATH with a missing entry first", cmd: "prog", path: "/nonexistent:" + bin, direct: true},
				{name: "PATH with an empty entry", cmd: "prog", path: ":" + bin},
				{name: "PWD unset", cmd: "prog", direct: true},
				{name: "PWD right", cmd: "prog", env: []string{"PWD=" + ws}, direct: true},
				{name: "PWD through a symlink", cmd: "prog", env: []string{"PWD=" + link}, direct: true},
				{name: "PWD with a trailing slash", cmd: "prog", env: []string{"PWD=" + ws + "/"}, direct: true},
				{name: "PWD wrong", cmd: "prog", env: []string{"PWD=" + other}, direct: true},
				{name: "PWD relative", cmd: "prog", env: []string{"PWD=ws"}, direct: true},
				{name: "PWD twice", cmd: "prog", env: []string{"PWD=" + other, "PWD=" + ws}, direct: true},
				{name: "OLDPWD a directory", cmd: "prog", env: []string{"OLDPWD=" + other}, direct: true},
				{name: "OLDPWD missing", cmd: "prog", env: []string{"OLDPWD=/nonexistent"}, direct: true},
				{name: "OLDPWD empty", cmd: "prog", env: []string{"OLDPWD="}, direct: true},
				{name: "SHLVL 0", cmd: "prog", env: []string{"SHLVL=0"}, direct: true},
				{name: "SHLVL 7", cmd: "prog", env: []string{"SHLVL=7"}, direct: true},
				{name: "SHLVL 998", cmd: "prog", env: []string{"SHLVL=998"}, direct: true},
				{name: "SHLVL negative", cmd: "prog", env: []string{"SHLVL=-4"}, direct: true},
				{name: "SHLVL empty", cmd: "prog", env: []string{"SHLVL="}, direct: true},
				{name: "_ inherited", cmd: "prog", env: []string{"_=/bin/ls"}, direct: true},
				{name: "names that are not shell names", cmd: "prog", env: []string{"A-B=1", "1X=2", "É=3", "a.b=4"}, direct: true},
				{name: "quoting", cmd: `prog 'a  b' "c\"d\\e\$f" g\ h "" i"$V"j ${V}`, env: []string{"V=vé", "PWD=" + ws}, direct: true},
				{name: "multibyte bytes dash escapes internally", cmd: "prog 'āĂ…' \"$V\"", env: []string{"V=ā\x81\x88"}, direct: true},
				{name: "exit code", cmd: "prog", env: []string{"PROBE_EXIT=3"}, direct: true},
				{name: "exit code 2", cmd: "prog", env: []string{"PROBE_EXIT=2"}, direct: true},
			}
			for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGABRT, syscall.SIGKILL,
				syscall.SIGUSR1, syscall.SIGSEGV, syscall.SIGPIPE, syscall.SIGALRM, syscall.SIGTERM, syscall.SIGXCPU, syscall.Signal(40)} {
				cases = append(cases, struct {
					name, cmd string
					env       []string
					path      string
					direct    bool
				}{name: "killed by " + sig.String(), cmd: "prog", env: []string{fmt.Sprintf("PROBE_SIGNAL=%d", int(sig))}, direct: true})
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					path := c.path
					if path == "" {
						path = bin
					}
					env := probeEnv(t, path, c.env...)
					inv := Invocation{Argv: []string{shell, "-c", c.cmd}, Dir: ws, Env: env, Stdin: []byte("stdin\n"), Timeout: 30 * time.Second}
					viaShell, direct, planned := directPair(t, inv)
					assert.Equal(t, c.direct, planned, "planned without the shell")
					assertSameRun(t, c.cmd, viaShell, direct)
				})
			}
			t.Run("timeout", func(t *testing.T) {
				for _, ignore := range []string{"", "1"} {
					env := probeEnv(t, bin, "PROBE_SLEEP=30s", "PROBE_IGNORE_TERM="+ignore)
					inv := Invocation{Argv: []string{shell, "-c", "prog"}, Dir: ws, Env: env, Timeout: 300 * time.Millisecond}
					viaShell, direct, planned := directPair(t, inv)
					require.True(t, planned)
					assert.True(t, direct.TimedOut)
					assert.Equal(t, viaShell.ExitCode, direct.ExitCode, "ignore TERM %q", ignore)
					assert.Equal(t, viaShell.Signal, direct.Signal, "ignore TERM %q", ignore)
				}
			})
			_ = kind
		})
	}
}

// TestDirectExecFailuresAreTheShells: a program that is not found, not
// executable, a directory, a script without #! or with a missing
// interpreter gets the shell's own message and exit code — the shell runs
// it — exactly as without direct exec.
func TestDirectExecFailuresAreTheShells(t *testing.T) {
	for _, shell := range directShells {
		t.Run(filepath.Base(shell), func(t *testing.T) {
			kind := requireShell(t, shell)
			ws := t.TempDir()
			bin := filepath.Join(ws, "bin")
			require.NoError(t, os.MkdirAll(filepath.Join(bin, "adir"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(ws, "noexec"), []byte("#!/bin/sh\necho hi\n"), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(ws, "noshebang"), []byte("echo from-script \"$0\" \"$1\"\n"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(ws, "badinterp"), []byte("#!/nonexistent/interp\n"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(bin, "inpath-noshebang"), []byte("echo in-path \"$0\"\n"), 0o755))
			name := filepath.Base(shell) // what the shell calls itself: $0
			if kind == shellDash {
				name = shell
			}
			notFound := name + ": 1: nosuchprog: not found\n"
			if kind == shellBash {
				notFound = name + ": line 1: nosuchprog: command not found\n"
			}
			for _, c := range []struct {
				cmd        string
				code       int
				stdout     string
				stderr     string // exact, when set
				viaExecErr bool   // planned, and the shell takes over after the start failed
			}{
				{cmd: "nosuchprog a", code: 127, stderr: notFound},
				{cmd: "./noexec", code: 126},
				{cmd: "./nonexistent", code: 127},
				{cmd: "adir", code: 127},
				{cmd: "./noshebang x", code: 0, stdout: "from-script ./noshebang x\n", viaExecErr: true},
				{cmd: "inpath-noshebang", code: 0, stdout: "in-path " + filepath.Join(bin, "inpath-noshebang") + "\n", viaExecErr: true},
				{cmd: "./badinterp", code: 127, viaExecErr: true},
			} {
				inv := Invocation{Argv: []string{shell, "-c", c.cmd}, Dir: ws, Env: []string{"PATH=" + bin, "HOME=" + ws}, Timeout: 30 * time.Second}
				viaShell, direct, planned := directPair(t, inv)
				assert.Equal(t, c.viaExecErr, planned, "%q planned", c.cmd)
				assertSameRun(t, c.cmd, viaShell, direct)
				assert.Equal(t, c.code, direct.ExitCode, "%q: exit code; stderr %q", c.cmd, direct.Stderr)
				if c.stdout != "" {
					assert.Equal(t, c.stdout, string(direct.Stdout), "%q", c.cmd)
				}
				if c.stderr != "" {
					assert.Equal(t, c.stderr, string(direct.Stderr), "%q", c.cmd)
				}
			}
		})
	}
}

// TestDirectExecEnvVariables: for every variable the shells define or
// read themselves, and others, set in the hook's environment to a few
// values, a command either runs through the shell or gets exactly the
// environment the shell would have passed on (compared sorted: the shells
// reorder it).
func TestDirectExecEnvVariables(t *testing.T) {
	envProg, err := exec.LookPath("env")
	if err != nil || !filepath.IsAbs(envProg) {
		t.Skip("no env program")
	}
	for _, shell := range directShells {
		t.Run(filepath.Base(shell), func(t *testing.T) {
			requireShell(t, shell)
			ws := t.TempDir()
			names := map[string]bool{}
			for _, script := range []string{"compgen -v", "set"} {
				for _, sh := range directShells {
					out, _ := exec.Command(sh, "-c", script).Output()
					for _, line := range strings.Split(string(out), "\n") {
						if n, _, _ := strings.Cut(line, "="); validName(n) {
							names[n] = true
						}
					}
				}
			}
			for _, n := range []string{"BASH_ENV", "ENV", "POSIXLY_CORRECT", "SHELLOPTS", "BASHOPTS", "EXECIGNORE", "LC_ALL", "LANG",
				"HOME", "TERM", "SHELL", "CDPATH", "GLOBIGNORE", "HISTFILE", "MAIL", "MAILPATH", "TMOUT", "CLAUDE_PROJECT_DIR", "OLDPWD"} {
				names[n] = true
			}
			delete(names, "PATH")
			sorted := make([]string, 0, len(names))
			for n := range names {
				sorted = append(sorted, n)
			}
			sort.Strings(sorted)
			planned := 0
			for _, n := range sorted {
				for _, v := range []string{"zq9", "/", "7", ""} {
					env := []string{"PATH=/usr/bin:/bin", n + "=" + v}
					inv := Invocation{Argv: []string{shell, "-c", envProg}, Dir: ws, Env: env, Timeout: 30 * time.Second}
					viaShell, direct, ok := directPair(t, inv)
					if !ok {
						continue // both ran the shell (whose EPOCHREALTIME differs)
					}
					planned++
					what := fmt.Sprintf("%s=%q", n, v)
					assert.Equal(t, viaShell.ExitCode, direct.ExitCode, what)
					assert.Equal(t, string(viaShell.Stderr), string(direct.Stderr), what)
					assert.Equal(t, sortedLines(viaShell.Stdout), sortedLines(direct.Stdout), "%s: environment (sorted)", what)
				}
			}
			assert.Greater(t, planned, len(sorted), "most variables leave the command direct")
		})
	}
}

func sortedLines(b []byte) []string {
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	sort.Strings(lines)
	return lines
}

// TestDedupEnvIsExecs: the environment a hook gets is the one os/exec
// would pass on, repeats or not, and a clean one is not copied.
func TestDedupEnvIsExecs(t *testing.T) {
	for _, env := range [][]string{
		{"A=1", "B=2", "C=3"},
		{"A=1", "B=2", "A=3"},
		{"A=1", "", "B=2"},
		{"A=1", "NOEQUALS", "A=2", "NOEQUALS"},
		{"=C:=x", "A=1", "=C:=y"},
		{"A=", "A=1", "a=2"},
		{},
	} {
		cmd := exec.Command("true")
		cmd.Env = env
		want := cmd.Environ()
		assert.Equal(t, want, dedupEnv(env), "%q", env)
	}
	big := make([]string, 300)
	for i := range big {
		big[i] = fmt.Sprintf("V%d=%d", i%290, i)
	}
	cmd := exec.Command("true")
	cmd.Env = big
	assert.Equal(t, cmd.Environ(), dedupEnv(big))
	clean := []string{"A=1", "B=2"}
	assert.Same(t, &clean[0], &dedupEnv(clean)[0], "no copy of an environment without repeats")
}
