package conformance

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Sandbox is a session's temporary file tree: the roots the placeholders
// name, the session's files laid out in them, and the capture scripts
// that record what each hook received.
type Sandbox struct {
	// Root is the sandbox's root (<TMP>, as the recordings name it);
	// Project, Home, System and Captures are <PROJECT>, <HOME>,
	// <SYSTEM> and <CAPTURES>; Tmp is <TMP>/tmp, the launch TMPDIR.
	Root, Project, Home, Tmp, System, Captures string
	// values maps every placeholder to its value in this sandbox.
	values map[string]string
	// hookDirs are the directories that hold the session's scripts (each
	// gets a _capture.sh).
	hookDirs []string
	rules    []*rule
	// cwd and env are the launch's, for the commands of Case.Commands.
	cwd string
	env []string
}

type rule struct {
	re   *regexp.Regexp
	repl string
}

// RootLength is the length of a sandbox's root path when its parent is
// short enough: that of the recordings' roots, so that a text the agent
// sized by a path in it (a truncated output's preview naming its spill
// file under $TMPDIR) is sized as recorded.
const RootLength = 26

// makeRoot makes a new sandbox root in parent (os.TempDir when ""),
// RootLength long when it can be.
func makeRoot(parent string) (string, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	if r, err := filepath.EvalSymlinks(parent); err == nil {
		parent = r
	}
	pad := RootLength - len(parent) - len("/hcc-")
	if pad < 6 {
		pad = 6
	}
	for i := 0; i < 100; i++ {
		root := filepath.Join(parent, fmt.Sprintf("hcc-%0*d", pad, rand.Int64N(int64(math.Pow10(min(pad, 18))))))
		if err := os.Mkdir(root, 0o700); err == nil {
			return root, nil
		} else if !os.IsExist(err) {
			return "", err
		}
	}
	return "", fmt.Errorf("conformance: no new sandbox folder in %s", parent)
}

// nonAlnum is what Claude Code replaces in a project path to name its
// transcript folder (<PROJECT_ENC>).
var nonAlnum = regexp.MustCompile(`[^A-Za-z0-9]`)

// NewSandbox lays out s under a new directory of parent (os.TempDir when
// "") and returns it. Close removes it.
func NewSandbox(parent string, s *Session) (*Sandbox, error) {
	root, err := makeRoot(parent)
	if err != nil {
		return nil, err
	}
	sb := &Sandbox{Root: root, Project: filepath.Join(root, "proj"), Home: filepath.Join(root, "home"),
		Tmp: filepath.Join(root, "tmp"), System: filepath.Join(root, "sys"), Captures: filepath.Join(root, "captures")}
	sb.values = map[string]string{
		"<PROJECT>": sb.Project, "<HOME>": sb.Home, "<TMP>": sb.Root,
		"<SYSTEM>": sb.System, "<CAPTURES>": sb.Captures,
		"<PROJECT_ENC>": nonAlnum.ReplaceAllString(sb.Project, "-"),
	}
	// Session values may name other placeholders (<CODEX_HOME> is
	// <HOME>/.codex): expanded once the roots are known.
	keys := sortedKeys(s.Values)
	for _, k := range keys {
		sb.values[k] = s.Values[k]
	}
	for _, k := range keys {
		sb.values[k] = sb.Expand(s.Values[k])
	}
	for _, r := range s.Normalize {
		re, err := regexp.Compile(r.Pattern)
		if err != nil {
			sb.Close()
			return nil, fmt.Errorf("session %s: normalize %q: %w", s.Name, r.Pattern, err)
		}
		sb.rules = append(sb.rules, &rule{re, r.Replace})
	}
	for _, d := range []string{sb.Project, sb.Home, sb.Tmp, sb.System, sb.Captures} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			sb.Close()
			return nil, err
		}
	}
	for _, d := range s.Dirs {
		if err := os.MkdirAll(sb.Expand(d), 0o755); err != nil {
			sb.Close()
			return nil, err
		}
	}
	exe := map[string]bool{}
	for _, p := range s.Executable {
		exe[p] = true
	}
	dirs := map[string]bool{}
	for _, p := range sortedKeys(s.Files) {
		dst := sb.Expand(p)
		if !strings.HasPrefix(dst, sb.Root+string(filepath.Separator)) {
			sb.Close()
			return nil, fmt.Errorf("session %s: file %s is outside the sandbox", s.Name, p)
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			sb.Close()
			return nil, err
		}
		mode := os.FileMode(0o644)
		if exe[p] {
			mode = 0o755
			dirs[filepath.Dir(dst)] = true
		}
		if err := os.WriteFile(dst, []byte(sb.Expand(s.Files[p])), mode); err != nil {
			sb.Close()
			return nil, err
		}
	}
	for _, d := range s.CaptureDirs {
		dst := sb.Expand(d)
		if !strings.HasPrefix(dst, sb.Root+string(filepath.Separator)) {
			sb.Close()
			return nil, fmt.Errorf("session %s: capture folder %s is outside the sandbox", s.Name, d)
		}
		if err := os.MkdirAll(dst, 0o755); err != nil {
			sb.Close()
			return nil, err
		}
		dirs[dst] = true
	}
	sb.hookDirs = sortedKeys(dirs)
	if s.GitInit {
		if out, err := exec.Command("git", "init", "-q", sb.Project).CombinedOutput(); err != nil {
			sb.Close()
			return nil, fmt.Errorf("git init: %v: %s", err, out)
		}
	}
	return sb, nil
}

// Close removes the sandbox.
func (sb *Sandbox) Close() error { return os.RemoveAll(sb.Root) }

// Expand replaces every placeholder in s with its value in the sandbox.
func (sb *Sandbox) Expand(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	for _, k := range sortedKeys(sb.values) {
		s = strings.ReplaceAll(s, k, sb.values[k])
	}
	return s
}

// Normalize writes s back in placeholders (the longest value first) and
// applies the session's rules.
func (sb *Sandbox) Normalize(s string) string {
	keys := sortedKeys(sb.values)
	sort.SliceStable(keys, func(i, j int) bool { return len(sb.values[keys[i]]) > len(sb.values[keys[j]]) })
	for _, k := range keys {
		if v := sb.values[k]; v != "" {
			s = strings.ReplaceAll(s, v, k)
		}
	}
	for _, r := range sb.rules {
		s = r.re.ReplaceAllString(s, r.repl)
	}
	return s
}

// Env is the launch environment of s in the sandbox: PATH (the runner's),
// then the session's variables, expanded, sorted by name.
func (sb *Sandbox) Env(s *Session) []string {
	env := []string{"PATH=" + os.Getenv("PATH")}
	for _, k := range sortedKeys(s.Launch.Env) {
		if k == "PATH" {
			continue
		}
		env = append(env, k+"="+sb.Expand(s.Launch.Env[k]))
	}
	return env
}

// captureScript is sourced by every case hook script as
// `. "$(dirname "$0")/_capture.sh" LABEL`. It records, per run, under the
// capture directory: the exact stdin bytes, the environment (NUL
// separated), the working directory, the start time and, on exit, the
// exit code; it leaves stdin in $HOOK_STDIN_FILE and $HOOK_INPUT and
// defines hook_input_true KEY (as the recording agents' capture scripts
// do, which the scripts rely on). It is POSIX sh: a hook run by sh -c
// (an inline command) sources it too.
const captureScript = `# conformance kit capture (sourced by case hook scripts)
__cap_dir=%s
__cap_name="${1:-$(basename "$0")}"
__cap_base="$__cap_dir/$(date +%%s%%N)-$$-$__cap_name"
HOOK_STDIN_FILE="$__cap_base.stdin.json"
cat > "$HOOK_STDIN_FILE"
HOOK_INPUT="$(cat "$HOOK_STDIN_FILE")"
env -0 > "$__cap_base.env"
pwd > "$__cap_base.cwd"
trap '__cap_rc=$?; echo $__cap_rc > "$__cap_base.rc"' EXIT
trap 'echo 143 > "$__cap_base.rc"; exit 143' TERM
trap 'echo 130 > "$__cap_base.rc"; exit 130' INT
trap 'echo 129 > "$__cap_base.rc"; exit 129' HUP
hook_input_true() { grep -Eq "\"$1\"[[:space:]]*:[[:space:]]*true" "$HOOK_STDIN_FILE"; }
`

// Arm points every hook directory's _capture.sh at a new capture
// directory for case n and returns it. Each _capture.sh is replaced by a
// rename, never rewritten in place: a hook still starting from the
// previous event (asynchronous, detached) sources either the old script
// or the new one, never a truncated one.
func (sb *Sandbox) Arm(n int) (string, error) {
	dir := filepath.Join(sb.Captures, fmt.Sprintf("%03d", n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	script := fmt.Sprintf(captureScript, "'"+strings.ReplaceAll(dir, "'", `'\''`)+"'")
	for _, d := range sb.hookDirs {
		tmp := filepath.Join(d, fmt.Sprintf(".capture-%03d.tmp", n))
		if err := os.WriteFile(tmp, []byte(script), 0o644); err != nil {
			return "", err
		}
		if err := os.Rename(tmp, filepath.Join(d, "_capture.sh")); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// Capture is what the capture script recorded of one hook run.
type Capture struct {
	Name  string
	Stdin string
	Env   map[string]string
	Cwd   string
	// Exit is nil when no exit status was recorded (the hook was killed).
	Exit *int
}

// ReadCaptures returns the runs recorded in dir, in start order.
func ReadCaptures(dir string) ([]Capture, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.stdin.json"))
	if err != nil {
		return nil, err
	}
	type run struct {
		t    int64
		base string
	}
	var runs []run
	for _, f := range files {
		base := strings.TrimSuffix(f, ".stdin.json")
		t, _ := strconv.ParseInt(strings.SplitN(filepath.Base(base), "-", 2)[0], 10, 64)
		runs = append(runs, run{t, base})
	}
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].t < runs[j].t })
	var out []Capture
	for _, r := range runs {
		parts := strings.SplitN(filepath.Base(r.base), "-", 3)
		c := Capture{Env: map[string]string{}}
		if len(parts) == 3 {
			c.Name = parts[2]
		}
		b, _ := os.ReadFile(r.base + ".stdin.json")
		c.Stdin = string(b)
		if b, err := os.ReadFile(r.base + ".env"); err == nil {
			for _, kv := range bytes.Split(b, []byte{0}) {
				if k, v, ok := strings.Cut(string(kv), "="); ok {
					c.Env[k] = v
				}
			}
		}
		if b, err := os.ReadFile(r.base + ".cwd"); err == nil {
			c.Cwd = strings.TrimSuffix(string(b), "\n")
		}
		if b, err := os.ReadFile(r.base + ".rc"); err == nil {
			if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				c.Exit = &n
			}
		}
		out = append(out, c)
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
