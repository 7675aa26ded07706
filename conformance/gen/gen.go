// Package gen generates the conformance kit's cases from recordings of
// the real agents (the oracle case folders: case.json, the hook configs
// and scripts, observed.json with every hook run and every model
// request). It is hookcompat's: it reads recordings with hookcompat's
// recording reader (internal/oracletest) and is not needed to run the
// suite — a project that vendors the kit takes its cases, schemas and
// runner package (github.com/hookcompat/hookcompat/conformance), which
// import nothing else.
//
// A recording becomes one [conformance.Session]: its files laid out as
// the oracle laid them out, its launch, and one case per event the agent
// fired (hook runs grouped into events), each with the payload the agent
// sent and what the recording shows the agent did. What a recording
// cannot attribute to one event is left out of that case's expectations
// and named in its Omitted. Generation is deterministic: the same
// recordings give the same bytes.
package gen

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/internal/oracletest"
)

// Agents are the agents the generator reads recordings of.
var Agents = []string{"claude", "codex", "gemini", "qwen", "crush", "copilot"}

// Generator turns recordings into sessions.
type Generator struct {
	// Licenses are the public files whose copies need an attribution and
	// a license that allows redistribution (nil: none are known).
	Licenses *Licenses
}

// Skip is a recording left out of the suite, with the reason.
type Skip struct {
	Source string `json:"source"`
	Reason string `json:"reason"`
}

// Session generates the session of one recording folder of agent; source
// names the recording in the session (a path relative to the
// repository). A recording that cannot become a session returns its
// skip reason.
func (g *Generator) Session(agent, dir, source string) (*conformance.Session, string, error) {
	c, err := oracletest.Load(dir)
	if err != nil {
		return nil, "", err
	}
	var s *conformance.Session
	var skip string
	switch agent {
	case "claude":
		s, skip, err = claudeSession(c)
	case "codex":
		s, skip, err = codexSession(c)
	case "gemini":
		s, skip, err = geminiSession(c, "gemini")
	case "qwen":
		s, skip, err = geminiSession(c, "qwen")
	case "crush":
		s, skip, err = crushSession(c)
	case "copilot":
		// No Copilot CLI sessions yet: the kit's protocol has no driver
		// for Copilot's payloads; compat/copilot's oracle replay
		// (TestCopilotOracleReplay) checks every Copilot recording.
		skip = "the kit has no GitHub Copilot CLI sessions yet (compat/copilot's oracle replay checks this recording)"
	default:
		return nil, "", fmt.Errorf("gen: unknown agent %q", agent)
	}
	if err != nil || skip != "" {
		return nil, skip, err
	}
	s.Kit = conformance.KitVersion
	s.Agent = agent
	s.Name = c.Name
	s.Description = c.String("description")
	s.Source = source
	if why := g.Licenses.attribute(s); why != "" {
		return nil, why, nil
	}
	for i := range s.Cases {
		cs := &s.Cases[i]
		cs.ID = fmt.Sprintf("%s/%s/%s/%02d-%s", agent, s.Version, s.Name, i+1, cs.Event)
		if cs.Class == "" {
			cs.Class = cs.Event
		}
	}
	if len(s.Cases) == 0 {
		return nil, "no event was fired", nil
	}
	s.CaptureDirs = captureDirs(s)
	return s, "", nil
}

// projectCapture finds a script's sourcing of the capture script from a
// folder of the project ("$CLAUDE_PROJECT_DIR"/.claude/hooks/_capture.sh).
var projectCapture = regexp.MustCompile(`\$\{?CLAUDE_PROJECT_DIR\}?"?/([^"\s]*)/_capture\.sh`)

// captureDirs are the project folders the session's scripts source the
// capture script from.
func captureDirs(s *conformance.Session) []string {
	seen := map[string]bool{}
	for _, content := range s.Files {
		for _, m := range projectCapture.FindAllStringSubmatch(content, -1) {
			seen["<PROJECT>/"+path.Clean(m[1])] = true
		}
	}
	if len(seen) == 0 {
		return nil
	}
	return sortedKeys(seen)
}

// Dirs lists the recording folders (those with an observed.json) of
// root, sorted; nil when root does not exist.
func Dirs(root string) ([]string, error) {
	entries, err := os.ReadDir(root)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(root, e.Name(), "observed.json")); err == nil {
			out = append(out, filepath.Join(root, e.Name()))
		}
	}
	sort.Strings(out)
	return out, nil
}

// Manifest is the suite's index (cases/MANIFEST.json): every case with
// its session file, and every recording left out.
type Manifest struct {
	Kit      int                       `json:"kit"`
	Counts   []ManifestCount           `json:"counts"`
	Cases    []ManifestCase            `json:"cases"`
	Skipped  []Skip                    `json:"skipped"`
	Licenses []conformance.Attribution `json:"attributions"`
}

// ManifestCount is the number of cases of an agent, version and class.
type ManifestCount struct {
	Agent   string `json:"agent"`
	Version string `json:"version"`
	Class   string `json:"class"`
	Cases   int    `json:"cases"`
}

// ManifestCase is one case of the manifest.
type ManifestCase struct {
	ID    string `json:"id"`
	Class string `json:"class"`
	File  string `json:"file"`
}

// Write writes the sessions under dst as <agent>/<version>/<name>.json
// and dst/MANIFEST.json, replacing what dst held before.
func Write(dst string, sessions []*conformance.Session, skipped []Skip) error {
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	sort.Slice(sessions, func(i, j int) bool {
		a, b := sessions[i], sessions[j]
		return a.Agent+"\x00"+a.Version+"\x00"+a.Name < b.Agent+"\x00"+b.Version+"\x00"+b.Name
	})
	m := Manifest{Kit: conformance.KitVersion, Cases: []ManifestCase{}, Skipped: skipped, Licenses: []conformance.Attribution{}}
	if m.Skipped == nil {
		m.Skipped = []Skip{}
	}
	sort.Slice(m.Skipped, func(i, j int) bool { return m.Skipped[i].Source < m.Skipped[j].Source })
	suite := &conformance.Suite{Sessions: sessions}
	for _, c := range suite.Counts() {
		m.Counts = append(m.Counts, ManifestCount{c.Agent, c.Version, c.Class, c.Cases})
	}
	for _, s := range sessions {
		rel := filepath.ToSlash(filepath.Join(s.Agent, s.Version, s.Name+".json"))
		p := filepath.Join(dst, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		b, err := Encode(s)
		if err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
		for _, c := range s.Cases {
			m.Cases = append(m.Cases, ManifestCase{ID: c.ID, Class: c.Class, File: rel})
		}
		m.Licenses = append(m.Licenses, s.Attribution...)
	}
	b, err := Encode(m)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dst, "MANIFEST.json"), b, 0o644)
}

// Encode is the suite's JSON form: indented by one space, keys of maps
// sorted, HTML characters unescaped, a final newline.
func Encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// remarshal decodes a generic JSON value (a part of Case.Observed) into v.
func remarshal(in any, v any) {
	b, _ := json.Marshal(in)
	_ = json.Unmarshal(b, v)
}

// hash is the hex SHA-256 of b.
func hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func ptr[T any](v T) *T { return &v }

// hookRun is the expectation of one recorded hook run: its label, exit
// status, stdin (when the exact bytes were captured) and working
// directory, and the variables of vars the agent set (or left unset).
func hookRun(r oracletest.HookRun, vars []string, norm func(string) string) conformance.HookRun {
	h := conformance.HookRun{Name: r.Name, Exit: r.ExitCode, Cwd: norm(r.Cwd)}
	if r.StdinRaw != nil {
		h.Stdin = ptr(norm(string(r.StdinRaw)))
	}
	if len(vars) > 0 {
		h.Env = map[string]*string{}
		for _, k := range vars {
			if v, ok := r.EnvAdded[k]; ok {
				h.Env[k] = ptr(norm(v))
			} else if v, ok := r.EnvChanged[k]; ok {
				h.Env[k] = ptr(norm(v))
			} else {
				h.Env[k] = nil
			}
		}
	}
	return h
}

// occurrence is one event the agent fired: the hook runs that started
// together with the same stdin.
type occurrence struct {
	event string
	stdin []byte // as recorded (placeholders in it)
	runs  []oracletest.HookRun
	synth bool
	// payload is stdin decoded.
	payload map[string]any
}

// group splits the recorded hook runs into event occurrences: runs of one
// event whose stdin is the same and that started within window
// milliseconds of the occurrence's first run (an agent starts the hooks
// of one event together; parallel tool calls interleave their events); a
// hook label that already ran in it starts a new one unless it starts
// within repeat milliseconds of the occurrence's last run (a handler
// listed twice). With consecutive, a run joins only the last occurrence
// (an agent that fires one event at a time).
func group(c *oracletest.Case, window, repeat float64, consecutive bool) []*occurrence {
	var out []*occurrence
	for _, h := range c.HookRuns {
		stdin := stdinOf(h)
		var cur *occurrence
		for i := len(out) - 1; i >= 0 && (!consecutive || i == len(out)-1); i-- {
			o := out[i]
			last := o.runs[len(o.runs)-1].StartMS
			if o.event == h.Event && bytes.Equal(bytes.TrimSpace(o.stdin), bytes.TrimSpace(stdin)) && h.StartMS-o.runs[0].StartMS < window &&
				(!ranIn(o, h.Name) || h.StartMS-last <= repeat) {
				cur = o
				break
			}
		}
		if cur == nil {
			cur = &occurrence{event: h.Event, stdin: stdin}
			_ = json.Unmarshal(stdin, &cur.payload)
			out = append(out, cur)
		}
		cur.runs = append(cur.runs, h)
	}
	return out
}

func ranIn(o *occurrence, name string) bool {
	for _, r := range o.runs {
		if r.Name == name {
			return true
		}
	}
	return false
}

// stdinOf is a run's stdin bytes: the capture when there is one, else
// the parsed payload compacted, with a newline.
func stdinOf(h oracletest.HookRun) []byte {
	if h.StdinRaw != nil {
		return h.StdinRaw
	}
	var buf bytes.Buffer
	if json.Compact(&buf, h.Stdin) != nil {
		return append(append([]byte{}, h.Stdin...), '\n')
	}
	return append(buf.Bytes(), '\n')
}

// caseFiles reads the case folder's hook scripts (hooks/*) as session
// files under dst (a placeholder directory), executable.
func caseFiles(c *oracletest.Case, dst string, files map[string]string, exe *[]string, sub func(string) string) error {
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
		p := dst + "/" + e.Name()
		files[p] = sub(string(data))
		*exe = append(*exe, p)
	}
	sort.Strings(*exe)
	return nil
}

// specFiles are case.json's "files" (relative to the project; one that
// climbs out of it, ../home/…, lands where it names in the sandbox).
func specFiles(c *oracletest.Case, files map[string]string, sub func(string) string) {
	if m, ok := c.Spec["files"].(map[string]any); ok {
		for rel, content := range m {
			s, _ := content.(string)
			files[sandboxPath(rel)] = sub(s)
		}
	}
}

// sandboxPath is a path relative to the project as a placeholder path.
func sandboxPath(rel string) string {
	p := path.Clean("/proj/" + filepath.ToSlash(rel))
	switch {
	case strings.HasPrefix(p, "/proj/"):
		return "<PROJECT>/" + strings.TrimPrefix(p, "/proj/")
	case strings.HasPrefix(p, "/home/"):
		return "<HOME>/" + strings.TrimPrefix(p, "/home/")
	}
	return "<TMP>" + p
}

// stringsOf is a JSON array of strings as a slice.
func stringsOf(v any) []string {
	arr, _ := v.([]any)
	var out []string
	for _, x := range arr {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// hookScripts are the case's hook scripts (hooks/*) that run as the hook
// labelled name: named name.sh, or sourcing the capture script with that
// label.
func hookScripts(c *oracletest.Case, name string) []string {
	entries, _ := os.ReadDir(filepath.Join(c.Dir, "hooks"))
	var out []string
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(c.Dir, "hooks", e.Name()))
		if err != nil || e.IsDir() {
			continue
		}
		if strings.TrimSuffix(e.Name(), path.Ext(e.Name())) == name || captureLabel.MatchString(string(data)) && captureLabel.FindStringSubmatch(string(data))[1] == name {
			out = append(out, string(data))
		}
	}
	return out
}

// captureLabel finds the label a hook script gives the capture script.
var captureLabel = regexp.MustCompile(`_capture\.sh"?\s+['"]?([^\s'";]+)`)
