package codex

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/oracletest"
	"github.com/hookcompat/hookcompat/settings"
)

// hooksListDir holds answers of the real Codex 0.169.0 app-server to
// hooks/list (each hook's key, currentHash, trustStatus, enabled) for
// the config folders beside them.
var hooksListDir = filepath.Join("testdata", "hooks_list")

// recordedHook is one entry of a recorded hooks/list answer.
type recordedHook struct {
	Key         string `json:"key"`
	EventName   string `json:"eventName"`
	Command     string `json:"command"`
	SourcePath  string `json:"sourcePath"`
	CurrentHash string `json:"currentHash"`
	TrustStatus string `json:"trustStatus"`
	Enabled     bool   `json:"enabled"`
}

func readHooksList(t *testing.T, dir string) []recordedHook {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "hooks_list.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Result struct {
			Data []struct {
				Hooks []recordedHook `json:"hooks"`
			} `json:"data"`
		} `json:"result"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	var out []recordedHook
	for _, d := range m.Result.Data {
		out = append(out, d.Hooks...)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no hooks recorded", dir)
	}
	return out
}

func hooksListCases(t *testing.T) []string {
	t.Helper()
	dirs, _ := filepath.Glob(filepath.Join(hooksListDir, "*", "hooks_list.json"))
	if len(dirs) == 0 {
		t.Fatalf("no hooks/list recordings under %s", hooksListDir)
	}
	for i := range dirs {
		dirs[i] = filepath.Dir(dirs[i])
	}
	return dirs
}

// placeholderSources are a hooks/list case's config files as Codex read
// them, named by their placeholder paths ("<CODEX_HOME>/hooks.json").
func placeholderSources(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for rel, name := range map[string]string{
		"codex_home/hooks.json":   "<CODEX_HOME>/hooks.json",
		"codex_home/config.toml":  "<CODEX_HOME>/config.toml",
		"proj/.codex/hooks.json":  "<PROJECT>/.codex/hooks.json",
		"proj/.codex/config.toml": "<PROJECT>/.codex/config.toml",
	} {
		data, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			continue
		}
		s := strings.NewReplacer("{{CODEX_HOME}}", "<CODEX_HOME>", "{{PROJECT}}", "<PROJECT>").Replace(string(data))
		out[name] = []byte(s)
	}
	return out
}

// TestTrustHashMatchesCodex: the hash hookcompat computes of every
// command handler is the currentHash the real Codex reported for it
// (hooks/list), key by key — defaults filled in (600 s; SessionEnd and
// Interrupt 1 s, clamped to 3), with and without matcher, an empty and a
// "*" matcher, matchers the event ignores, statusMessage (also ""),
// async, commandWindows (ignored), additionalContextLimit (kept where
// the event can add context and not 2500), escapes and non-ASCII text,
// hooks.json and config.toml [hooks] sources, user and project layers.
func TestTrustHashMatchesCodex(t *testing.T) {
	total := 0
	for _, dir := range hooksListCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			want := map[string]string{}
			for _, h := range readHooksList(t, dir) {
				want[h.Key] = h.CurrentHash
			}
			got := map[string]string{}
			for path, data := range placeholderSources(t, dir) {
				d, err := decodeFile(path, data)
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				for i := range d.handlers {
					h := &d.handlers[i]
					if h.typ != "command" || strings.TrimSpace(h.command) == "" {
						continue // Codex skips them: no hash
					}
					got[keyOf(d.path, h)] = trustHash(h)
				}
			}
			for k, w := range want {
				switch g, ok := got[k]; {
				case !ok:
					t.Errorf("%s: Codex hashed it (%s), hookcompat found no such handler", k, w)
				case g != w:
					t.Errorf("%s: hash %s, Codex's %s", k, g, w)
				default:
					total++
				}
			}
			for k := range got {
				if _, ok := want[k]; !ok {
					t.Errorf("%s: hookcompat hashed a handler Codex did not list", k)
				}
			}
		})
	}
	t.Logf("%d hashes equal to the real Codex's", total)
}

func keyOf(path string, h *handler) string {
	return path + ":" + h.ev.Snake + ":" + strconv.Itoa(h.group) + ":" + strconv.Itoa(h.index)
}

// reviewOfStatus is the review state hookcompat gives a hook of Codex's
// trust status.
var reviewOfStatus = map[string]string{
	"trusted":   settings.ReviewRecorded,
	"modified":  settings.ReviewModified,
	"untrusted": settings.ReviewNeeded,
	"managed":   settings.ReviewManaged,
}

// TestReviewStateMatchesCodex: loaded as Codex loads them, every hook
// has the review state of its recorded trust status (Trusted: reviewed,
// Modified: modified, Untrusted: needs-review) and a hook Codex lists as
// disabled is not loaded — with [hooks.state] read from the user's
// config.toml only (a project's own config.toml cannot review or
// disable its hooks: hl_project).
func TestReviewStateMatchesCodex(t *testing.T) {
	for _, dir := range hooksListCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			root := t.TempDir()
			home := filepath.Join(root, "home")
			codexHome := filepath.Join(home, ".codex")
			proj := filepath.Join(root, "proj")
			must(t, os.MkdirAll(proj, 0o755))
			for name, data := range placeholderSources(t, dir) {
				p := strings.NewReplacer("<CODEX_HOME>", codexHome, "<PROJECT>", proj).Replace(name)
				must(t, os.MkdirAll(filepath.Dir(p), 0o755))
				s := strings.NewReplacer("<CODEX_HOME>", codexHome, "<PROJECT>", proj).Replace(string(data))
				must(t, os.WriteFile(p, []byte(s), 0o644))
			}
			env := &format.Env{Project: proj, Home: home, SystemRoot: filepath.Join(root, "sys"),
				Getenv: func(k string) string {
					if k == "CODEX_HOME" {
						return codexHome
					}
					return ""
				}}
			res, err := Format.Load(Format.Discover(env).Sources, env)
			if err != nil {
				t.Fatal(err)
			}
			type id struct{ file, event, command string }
			got := map[id]string{}
			for _, h := range res.Config.Hooks {
				got[id{h.Source.File, h.Source.Event, h.Command}] = h.Source.Review
			}
			un := strings.NewReplacer("<CODEX_HOME>", codexHome, "<PROJECT>", proj)
			for _, r := range readHooksList(t, dir) {
				k := id{un.Replace(r.SourcePath), strings.ToUpper(r.EventName[:1]) + r.EventName[1:], r.Command}
				review, loaded := got[k]
				switch {
				case !r.Enabled && loaded:
					t.Errorf("%s: Codex lists it disabled, hookcompat loaded it", r.Key)
				case !r.Enabled:
				case !loaded:
					t.Errorf("%s: Codex lists it enabled (%s), hookcompat did not load it", r.Key, r.TrustStatus)
				case review != reviewOfStatus[r.TrustStatus]:
					t.Errorf("%s: review %q, Codex's status %s", r.Key, review, r.TrustStatus)
				}
			}
		})
	}
}

// TestRecordedReviewDecidesWhatRuns: in every recorded run of Codex
// without --dangerously-bypass-hook-trust whose config.toml records
// reviews (trusted_hash), a hook ran exactly when hookcompat finds it
// reviewed (its hash equal to the recorded one) and enabled — the shared
// oracle's cases (skipped with a message when absent) and ours
// (hc_trust_hash_states: reviewed, edited after review, never reviewed,
// disabled). Cases whose commands hold a placeholder path cannot be
// hashed as Codex hashed them and are skipped.
func TestRecordedReviewDecidesWhatRuns(t *testing.T) {
	all := oracletest.Dirs(t, filepath.Join("..", "..", "..", "shared", "codex-oracle", "cases"),
		filepath.Join("..", "..", "testdata", "recordings", "codex"), codexCasesEnv)
	label := regexp.MustCompile(`([A-Za-z0-9_]+)\.sh`)
	checked := 0
	for _, dir := range all {
		c, err := oracletest.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		cfg, _ := c.Observed["config_toml"].(string)
		if c.String("trust") != "none" || !strings.Contains(cfg, "trusted_hash") {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			ran := map[string]bool{}
			for _, r := range c.HookRuns {
				ran[r.Name] = true
			}
			srcs := map[string][]byte{"<CODEX_HOME>/config.toml": []byte(cfg)}
			if data, err := os.ReadFile(filepath.Join(dir, "hooks.json")); err == nil {
				srcs["<CODEX_HOME>/hooks.json"] = data
			}
			states := map[string]hookState{}
			var hs []handler
			var paths []string
			for path, data := range srcs {
				if strings.Contains(string(data), "{{") {
					t.Skipf("%s holds placeholders: its commands cannot be hashed as Codex hashed them", path)
				}
				d, err := decodeFile(path, data)
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				for k, v := range d.state {
					states[k] = v
				}
				for _, h := range d.handlers {
					hs = append(hs, h)
					paths = append(paths, d.path)
				}
			}
			for i := range hs {
				h := &hs[i]
				m := label.FindStringSubmatch(h.command)
				if h.typ != "command" || m == nil {
					continue
				}
				st := states[keyOf(paths[i], h)]
				runs := review(st, false, h) == settings.ReviewRecorded && (st.enabled == nil || *st.enabled)
				if runs != ran[m[1]] {
					t.Errorf("%s (%s): ran %v in Codex, hookcompat's review %q (enabled %v) says it runs: %v",
						m[1], keyOf(paths[i], h), ran[m[1]], review(st, false, h), st.enabled == nil || *st.enabled, runs)
				}
				checked++
			}
		})
	}
	if checked == 0 {
		t.Fatal("no recorded run with reviews found")
	}
}
