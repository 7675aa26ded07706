// Package oracletest reads recordings of real agents running hooks (the
// oracle case folders: case.json, the hook config, hooks/*.sh,
// observed.json, raw/captures) for hookcompat's replay tests, and gives
// the replayed hooks a capture script of our own that records what each
// hook received, in the same shape as the recordings.
//
// A replay test finds its case folders with [Dirs], loads each with
// [Load], builds a temporary project and home, installs the case's hook
// scripts with [WriteCaptureScript] next to them, fires every recorded
// event through the engine and compares the captures ([ReadCaptures])
// with the recorded hook runs ([Case.HookRuns]). Recorded values carry
// placeholders (<PROJECT>, <HOME>, <SESSION>, …) for per-run paths and
// ids; [Placeholders] maps them to a replay's values and back.
package oracletest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
)

// Dirs returns the case folders of one oracle, sorted by name within each
// root: those under shared (a folder of case folders, such as
// ../shared/codex-oracle/cases, relative to the calling test's package
// directory — pass it already joined), under recordings (our own
// committed recordings; may be ""), and under each folder listed in the
// environment variable envVar (colon-separated folders of case folders,
// for recordings made elsewhere). A case folder is one that holds an
// observed.json. When shared does not exist, the test is told so with
// t.Log (the other roots still count); when no case folder is found at
// all, the test is skipped with a message.
func Dirs(t testing.TB, shared, recordings, envVar string) []string {
	t.Helper()
	var roots []string
	if _, err := os.Stat(shared); err == nil {
		roots = append(roots, shared)
	} else {
		t.Logf("oracle recordings %s are absent; replaying the other case folders only", shared)
	}
	if recordings != "" {
		roots = append(roots, recordings)
	}
	if v := os.Getenv(envVar); v != "" {
		roots = append(roots, filepath.SplitList(v)...)
	}
	var out []string
	for _, root := range roots {
		entries, err := os.ReadDir(root)
		if err != nil {
			if root != recordings {
				t.Errorf("%s=%s: %v", envVar, root, err)
			}
			continue
		}
		var names []string
		for _, e := range entries {
			if _, err := os.Stat(filepath.Join(root, e.Name(), "observed.json")); err == nil {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		for _, n := range names {
			out = append(out, filepath.Join(root, n))
		}
	}
	if len(out) == 0 {
		t.Skipf("no oracle case folders found (%s, %s, $%s)", shared, recordings, envVar)
	}
	return out
}

// Case is one recorded case folder.
type Case struct {
	// Dir is the case folder; Name its base name.
	Dir, Name string
	// Spec is case.json, decoded into generic JSON values.
	Spec map[string]any
	// Observed is observed.json, decoded into generic JSON values (the
	// fields differ per agent; see the oracle's README).
	Observed map[string]any
	// HookRuns are observed.json's hook_runs, in start order.
	HookRuns []HookRun
}

// HookRun is one real start of a hook script, as recorded.
type HookRun struct {
	// Index is the run's position in hook_runs (0-based); its captures
	// are raw/captures/<Index+1, two digits>-<Name>.*.
	Index int
	Name  string
	// Event is the agent's event name the hook ran for.
	Event string
	// Stdin is the payload as recorded (parsed, placeholders in it);
	// StdinRaw the exact bytes from raw/captures when present (nil
	// otherwise); StdinKeys the payload's keys in order; StdinNewline
	// whether the raw bytes ended with a newline.
	Stdin        json.RawMessage
	StdinRaw     []byte
	StdinKeys    []string
	StdinNewline bool
	Cwd          string
	Argv         []string
	ParentArgv   []string
	// EnvAdded and EnvChanged are the variables the agent added to, or
	// changed in, its own launch environment for the hook; EnvRemoved the
	// ones it removed.
	EnvAdded, EnvChanged map[string]string
	EnvRemoved           []string
	// ExitCode is nil when the hook was killed by a signal no trap could
	// catch; Signal names a caught one (TERM, INT, HUP).
	ExitCode *int
	Signal   string
	// StartMS and EndMS are relative to the first hook's start (EndMS is
	// nil when the hook was SIGKILLed).
	StartMS float64
	EndMS   *float64
}

// Load reads the case folder dir.
func Load(dir string) (*Case, error) {
	c := &Case{Dir: dir, Name: filepath.Base(dir)}
	if data, err := os.ReadFile(filepath.Join(dir, "case.json")); err == nil {
		if err := json.Unmarshal(data, &c.Spec); err != nil {
			return nil, fmt.Errorf("%s/case.json: %w", dir, err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "observed.json"))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &c.Observed); err != nil {
		return nil, fmt.Errorf("%s/observed.json: %w", dir, err)
	}
	var raw struct {
		HookRuns []map[string]json.RawMessage `json:"hook_runs"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s/observed.json: hook_runs: %w", dir, err)
	}
	for i, m := range raw.HookRuns {
		h := HookRun{Index: i, Stdin: m["stdin"]}
		str := func(k string) string {
			var s string
			_ = json.Unmarshal(m[k], &s)
			return s
		}
		h.Name, h.Event, h.Cwd, h.Signal = str("name"), str("event"), str("cwd"), str("signal")
		_ = json.Unmarshal(m["argv"], &h.Argv)
		_ = json.Unmarshal(m["parent_argv"], &h.ParentArgv)
		_ = json.Unmarshal(m["exit_code"], &h.ExitCode)
		_ = json.Unmarshal(m["start_ms"], &h.StartMS)
		_ = json.Unmarshal(m["end_ms"], &h.EndMS)
		_ = json.Unmarshal(m["stdin_raw_ends_with_newline"], &h.StdinNewline)
		_ = json.Unmarshal(m["env_removed"], &h.EnvRemoved)
		for k, v := range m {
			switch {
			case k == "stdin_keys" || k == "stdin_keys_in_order":
				_ = json.Unmarshal(v, &h.StdinKeys)
			case strings.HasPrefix(k, "env_added_by_"):
				_ = json.Unmarshal(v, &h.EnvAdded)
			case strings.HasPrefix(k, "env_changed_by_"):
				_ = json.Unmarshal(v, &h.EnvChanged)
			}
		}
		capture := filepath.Join(dir, "raw", "captures", fmt.Sprintf("%02d-%s.stdin.json", i+1, h.Name))
		if b, err := os.ReadFile(capture); err == nil {
			h.StdinRaw = b
		}
		c.HookRuns = append(c.HookRuns, h)
	}
	return c, nil
}

// String returns a string field of case.json ("" when absent).
func (c *Case) String(key string) string {
	s, _ := c.Spec[key].(string)
	return s
}

// Placeholders maps the placeholders of recordings (<PROJECT>, <HOME>,
// <SESSION>, …) to a replay's values.
type Placeholders map[string]string

// Expand replaces every placeholder of p in s with its value.
func (p Placeholders) Expand(s string) string {
	for _, k := range p.keys() {
		s = strings.ReplaceAll(s, k, p[k])
	}
	return s
}

// Normalize replaces every value of p in s with its placeholder, longest
// value first (so <PROJECT> inside <HOME> is found first when it is
// longer).
func (p Placeholders) Normalize(s string) string {
	keys := p.keys()
	sort.SliceStable(keys, func(i, j int) bool { return len(p[keys[i]]) > len(p[keys[j]]) })
	for _, k := range keys {
		if v := p[k]; v != "" {
			s = strings.ReplaceAll(s, v, k)
		}
	}
	return s
}

func (p Placeholders) keys() []string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// captureScript is sourced by every case hook script as
// `. "$(dirname "$0")/_capture.sh" LABEL`. It records, per run, under the
// capture directory: the exact stdin bytes, the environment (NUL
// separated), the working directory, argv (the hook's own arguments when
// the script saved them in __oracle_args before sourcing, as the oracle
// case scripts do; else the sourcing arguments), the start time and, on exit,
// the exit code (and the signal, for TERM, INT and HUP); it leaves stdin
// in $HOOK_STDIN_FILE and $HOOK_INPUT and defines hook_input_true KEY.
const captureScript = `# hookcompat replay capture (sourced by case hook scripts)
__cap_dir=%s
__cap_name="${1:-$(basename "$0")}"
__cap_base="$__cap_dir/$(date +%%s%%N)-$$-$__cap_name"
HOOK_STDIN_FILE="$__cap_base.stdin.json"
cat > "$HOOK_STDIN_FILE"
HOOK_INPUT="$(cat "$HOOK_STDIN_FILE")"
env -0 > "$__cap_base.env"
pwd > "$__cap_base.cwd"
if declare -p __oracle_args >/dev/null 2>&1; then printf '%%s\n' "$0" ${__oracle_args[@]+"${__oracle_args[@]}"} > "$__cap_base.argv"; else printf '%%s\n' "$0" "$@" > "$__cap_base.argv"; fi
trap '__cap_rc=$?; echo $__cap_rc > "$__cap_base.rc"' EXIT
trap 'echo TERM > "$__cap_base.signal"; echo 143 > "$__cap_base.rc"; exit 143' TERM
trap 'echo INT > "$__cap_base.signal"; echo 130 > "$__cap_base.rc"; exit 130' INT
trap 'echo HUP > "$__cap_base.signal"; echo 129 > "$__cap_base.rc"; exit 129' HUP
hook_input_true() { grep -Eq "\"$1\"[[:space:]]*:[[:space:]]*true" "$HOOK_STDIN_FILE"; }
`

// WriteCaptureScript writes _capture.sh into hooksDir, recording into
// captureDir (created).
func WriteCaptureScript(hooksDir, captureDir string) error {
	if err := os.MkdirAll(captureDir, 0o755); err != nil {
		return err
	}
	if err := os.MkdirAll(hooksDir, 0o755); err != nil {
		return err
	}
	script := fmt.Sprintf(captureScript, hookkit.ShellQuote(captureDir))
	return os.WriteFile(filepath.Join(hooksDir, "_capture.sh"), []byte(script), 0o644)
}

// InstallHooks copies the case's hooks/* into dst (mode 0755), replacing
// the placeholders of p in their text (the oracles replace {{HOOKS}},
// {{PROJECT}}, … in hook files), and writes the capture script beside
// them.
func (c *Case) InstallHooks(dst, captureDir string, p Placeholders) error {
	if err := WriteCaptureScript(dst, captureDir); err != nil {
		return err
	}
	entries, err := os.ReadDir(filepath.Join(c.Dir, "hooks"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(c.Dir, "hooks", e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), []byte(p.Expand(string(data))), 0o755); err != nil {
			return err
		}
	}
	return nil
}

// Capture is what the capture script recorded of one hook run.
type Capture struct {
	Name  string
	Stdin []byte
	Env   map[string]string
	Cwd   string
	Argv  []string
	// ExitCode is -1 when no exit code was recorded (SIGKILL).
	ExitCode int
	Signal   string
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
	sort.Slice(runs, func(i, j int) bool { return runs[i].t < runs[j].t })
	var out []Capture
	for _, r := range runs {
		parts := strings.SplitN(filepath.Base(r.base), "-", 3)
		c := Capture{ExitCode: -1, Env: map[string]string{}}
		if len(parts) == 3 {
			c.Name = parts[2]
		}
		c.Stdin, _ = os.ReadFile(r.base + ".stdin.json")
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
		if b, err := os.ReadFile(r.base + ".argv"); err == nil {
			c.Argv = strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		}
		if b, err := os.ReadFile(r.base + ".rc"); err == nil {
			if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				c.ExitCode = n
			}
		}
		if b, err := os.ReadFile(r.base + ".signal"); err == nil {
			c.Signal = strings.TrimSpace(string(b))
		}
		out = append(out, c)
	}
	return out, nil
}

// Compact re-serialises one JSON value the way JSON.stringify writes a
// value it holds in JavaScript's form (jsonwire.JS): no insignificant
// white space, keys in their order, strings with only '"', '\\' and
// control characters escaped (UTF-8 and '<', '>', '&' literal), numbers
// as written. Recordings whose harness re-serialised a hook's stdin with
// spaces or \u escapes (Gemini CLI's) give back the bytes the agent
// sent. It fails when raw is not exactly one JSON value.
func Compact(raw []byte) ([]byte, error) {
	return jsonwire.JS.Canon(raw)
}

// Group splits hook runs (in start order) into event occurrences: runs
// of one event that follow each other, a new occurrence starting when the
// event changes, when a hook label repeats, or when same (given the
// occurrence's first run and the next) says the runs belong to different
// events (nil: same stdin).
func Group(runs []HookRun, same func(first, next *HookRun) bool) [][]HookRun {
	if same == nil {
		same = func(a, b *HookRun) bool { return bytes.Equal(a.Stdin, b.Stdin) }
	}
	var out [][]HookRun
	var cur []HookRun
	labels := map[string]bool{}
	for i := range runs {
		r := runs[i]
		if len(cur) > 0 && (r.Event != cur[0].Event || labels[r.Name] || !same(&cur[0], &r)) {
			out = append(out, cur)
			cur, labels = nil, map[string]bool{}
		}
		cur = append(cur, r)
		labels[r.Name] = true
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// EnvDiff compares a hook's environment with the launch environment of
// the agent ("KEY=value"), as the oracles record it: variables added,
// changed and removed, not counting the shell's own (PWD, SHLVL, _,
// OLDPWD).
func EnvDiff(env map[string]string, launch []string) (added, changed map[string]string, removed []string) {
	base := map[string]string{}
	for _, kv := range launch {
		if k, v, ok := strings.Cut(kv, "="); ok {
			base[k] = v
		}
	}
	shell := map[string]bool{"PWD": true, "SHLVL": true, "_": true, "OLDPWD": true}
	added, changed = map[string]string{}, map[string]string{}
	for k, v := range env {
		if shell[k] {
			continue
		}
		if b, ok := base[k]; !ok {
			added[k] = v
		} else if b != v {
			changed[k] = v
		}
	}
	for k := range base {
		if _, ok := env[k]; !ok && !shell[k] {
			removed = append(removed, k)
		}
	}
	sort.Strings(removed)
	return added, changed, removed
}
