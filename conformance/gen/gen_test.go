package gen

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookcompat/hookcompat/conformance"
)

const recordings = "../../testdata/recordings"

// suiteFiles reads every file of a suite folder.
func suiteFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[rel], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A fresh generation from the project's recordings gives the bytes of
// the committed suite (conformance/cases): the committed cases are the
// generator's, from the project's own recordings, and current; and the
// generator gives the same bytes again in the same process (a sample of
// every agent's recordings generated twice).
func TestGenerateIsDeterministicAndCommitted(t *testing.T) {
	dst := t.TempDir()
	if _, _, err := Build(dst, SuiteOptions{Recordings: recordings}); err != nil {
		t.Fatal(err)
	}
	fresh := suiteFiles(t, dst)
	if len(fresh) < 100 {
		t.Fatalf("%d files generated", len(fresh))
	}
	committed := suiteFiles(t, filepath.Join("..", "cases"))
	for name, data := range fresh {
		if !bytes.Equal(data, committed[name]) {
			t.Errorf("conformance/cases/%s is not what the generator writes: run go generate ./conformance", name)
		}
	}
	for name := range committed {
		if _, ok := fresh[name]; !ok {
			t.Errorf("conformance/cases/%s is not generated from any recording", name)
		}
	}
	g := &Generator{}
	for _, agent := range Agents {
		dirs, err := Dirs(filepath.Join(recordings, agent))
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range dirs {
			if i%10 != 0 {
				continue
			}
			a, _, err := g.Session(agent, d, "x")
			if err != nil {
				t.Fatal(err)
			}
			b, _, _ := g.Session(agent, d, "x")
			ea, _ := Encode(a)
			eb, _ := Encode(b)
			if !bytes.Equal(ea, eb) {
				t.Errorf("%s: two generations differ", d)
			}
		}
	}
}

// Every case of the committed suite comes from one of the project's own
// recordings, with the payload its hooks got.
func TestCasesComeFromOwnRecordings(t *testing.T) {
	suite, err := conformance.Load(conformance.Embedded(), ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range suite.Sessions {
		if !strings.HasPrefix(s.Source, "testdata/recordings/"+s.Agent+"/") {
			t.Errorf("%s: source %s is not one of the project's recordings", s.Name, s.Source)
			continue
		}
		obs, err := os.ReadFile(filepath.Join("..", "..", s.Source, "observed.json"))
		if err != nil {
			t.Errorf("%s: %v", s.Name, err)
			continue
		}
		for _, c := range s.Cases {
			if c.Synthetic {
				continue
			}
			var payload map[string]any
			if err := json.Unmarshal([]byte(c.Payload), &payload); err != nil {
				t.Errorf("%s: payload: %v", c.ID, err)
				continue
			}
			if name, _ := payload["hook_event_name"].(string); name != "" && !bytes.Contains(obs, []byte(`"`+name+`"`)) {
				t.Errorf("%s: event %s is not in the recording", c.ID, name)
			}
		}
	}
}

// A recording whose settings are a copy of a public file is attributed
// when the file's license allows redistribution and left out when it
// does not (read from the shared corpus at test time).
func TestLicensedFilesOnly(t *testing.T) {
	manifest := filepath.Join("..", "..", "..", "shared", "corpus", "MANIFEST.tsv")
	if _, err := os.Stat(manifest); err != nil {
		t.Skipf("the shared corpus is absent (%s)", manifest)
	}
	lic, err := ReadLicenses(manifest)
	if err != nil {
		t.Fatal(err)
	}
	corpus := filepath.Dir(manifest)
	pick := func(license string) string {
		data, _ := os.ReadFile(manifest)
		for _, line := range strings.Split(string(data), "\n")[1:] {
			f := strings.Split(line, "\t")
			if len(f) > 4 && f[4] == license && strings.HasSuffix(f[0], "settings.json") {
				return filepath.Join(corpus, f[0])
			}
		}
		return ""
	}
	g := &Generator{Licenses: lic}
	for _, tc := range []struct {
		license string
		keep    bool
	}{{"MIT", true}, {"none found", false}} {
		public := pick(tc.license)
		if public == "" {
			t.Fatalf("no %s settings file in the corpus", tc.license)
		}
		dir := filepath.Join(t.TempDir(), "hc_dec_deny_no_reason")
		copyDir(t, filepath.Join(recordings, "claude", "hc_dec_deny_no_reason"), dir)
		data, err := os.ReadFile(public)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "settings.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, skip, err := g.Session("claude", dir, "test")
		if err != nil {
			t.Fatal(err)
		}
		if tc.keep {
			if s == nil || len(s.Attribution) != 1 || s.Attribution[0].License != "MIT" || s.Attribution[0].Repo == "" {
				t.Errorf("MIT settings: session %v (skip %q), want one MIT attribution", s, skip)
			}
		} else if s != nil || !strings.Contains(skip, "does not allow redistribution") {
			t.Errorf("unlicensed settings: session kept (skip %q)", skip)
		}
	}
}

func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A recording with prompt or agent hooks is left out, with the reason:
// the kit's protocol gives an implementation no model to ask.
func TestJudgedHooksLeftOut(t *testing.T) {
	g := &Generator{}
	for name, typ := range map[string]string{"hc_prompt_pre_ok": "prompt", "hc_agent_pre": "agent", "hc_dec_deny_no_reason": ""} {
		s, skip, err := g.Session("claude", filepath.Join(recordings, "claude", name), "test")
		if err != nil {
			t.Fatal(err)
		}
		if typ == "" {
			if s == nil || skip != "" {
				t.Errorf("%s: left out (%q), want a session", name, skip)
			}
			continue
		}
		if s != nil || !strings.HasPrefix(skip, typ+" hooks need a model") {
			t.Errorf("%s: skip %q, want %s hooks left out", name, skip, typ)
		}
	}
}

// Every recording folder of the project is in the committed suite: a
// session of it, or left out with its reason in the manifest (a folder
// the generator would not read, one without observed.json, fails too).
func TestEveryRecordingIsInTheManifest(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "cases", "MANIFEST.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	suite, err := conformance.Load(conformance.Embedded(), ".")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	for _, s := range suite.Sessions {
		listed[s.Source] = "a session"
	}
	for _, s := range m.Skipped {
		if s.Reason == "" {
			t.Errorf("%s is left out without a reason", s.Source)
		}
		listed[s.Source] = "left out"
	}
	agents, err := os.ReadDir(recordings)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range agents {
		if !a.IsDir() {
			continue
		}
		entries, err := os.ReadDir(filepath.Join(recordings, a.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			n++
			src := "testdata/recordings/" + a.Name() + "/" + e.Name()
			if listed[src] == "" {
				t.Errorf("%s is neither a session of the suite nor left out in MANIFEST.json", src)
			}
		}
	}
	if n < len(m.Skipped) || n == 0 {
		t.Errorf("%d recording folders, %d left out", n, len(m.Skipped))
	}
}
