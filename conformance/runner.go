package conformance

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// Statuses of a case result.
const (
	StatusPass        = "pass"
	StatusFail        = "fail"
	StatusUnsupported = "unsupported"
)

// Runner runs a suite against an implementation.
type Runner struct {
	// Command is the implementation: a program and its arguments. It is
	// started once per session with the sandbox's project as its working
	// directory.
	Command []string
	// Agent and Version, when set, select the sessions of that agent
	// (and version).
	Agent, Version string
	// Filter, when set, selects cases whose id matches one of its
	// patterns: a glob when it has *, ? or [ (the whole id; * matches
	// any characters, / included; ? one; [...] a class), else a
	// substring. The events of a session before a selected case are
	// still sent (they can change its state) but not scored.
	Filter []string
	// Parallel is how many sessions run at once (0: 4). Hooks mostly
	// sleep, so more than the cores helps.
	Parallel int
	// Retries is how many times a session with a failed case is run again
	// alone once every session is done (hooks that end close to their
	// timeout depend on the machine's load); a case that passes on a
	// retry passes, and is counted as retried.
	Retries int
	// EventTimeout bounds one event's reply (0: 3 minutes).
	EventTimeout time.Duration
	// TempDir is where sandboxes are made ("" : os.TempDir).
	TempDir string
}

// Result is the outcome of one case.
type Result struct {
	ID, Agent, Version, Session, Class string
	// Status is StatusPass, StatusFail or StatusUnsupported.
	Status string `json:"status"`
	// Checks are the case's checks and whether each passed.
	Checks map[string]bool `json:"checks,omitempty"`
	// Problems say what differed (fail), or why it is not supported.
	Problems []string `json:"problems,omitempty"`
	// Retried is true when the case passed on a retry.
	Retried bool `json:"retried,omitempty"`
}

// Report is the outcome of a run.
type Report struct {
	Results []Result `json:"results"`
}

// selected reports whether the runner's filter selects case id.
func (r *Runner) selected(id string) bool { return r.selector()(id) }

// selector is the runner's filter, its globs compiled once.
func (r *Runner) selector() func(id string) bool {
	if len(r.Filter) == 0 {
		return func(string) bool { return true }
	}
	var subs []string
	var globs []*regexp.Regexp
	for _, f := range r.Filter {
		if strings.ContainsAny(f, "*?[") {
			if re := globRegexp(f); re != nil {
				globs = append(globs, re)
			}
		} else {
			subs = append(subs, f)
		}
	}
	return func(id string) bool {
		for _, s := range subs {
			if strings.Contains(id, s) {
				return true
			}
		}
		for _, re := range globs {
			if re.MatchString(id) {
				return true
			}
		}
		return false
	}
}

// Select returns the sessions of s the runner's Agent, Version and
// Filter select, each with the number of its leading cases to send (up to
// its last selected case).
func (r *Runner) Select(s *Suite) []*Session {
	return r.selectWith(s, r.selector())
}

func (r *Runner) selectWith(s *Suite, selected func(string) bool) []*Session {
	var out []*Session
	for _, ses := range s.Sessions {
		if (r.Agent != "" && ses.Agent != r.Agent) || (r.Version != "" && ses.Version != r.Version) {
			continue
		}
		for _, c := range ses.Cases {
			if selected(c.ID) {
				out = append(out, ses)
				break
			}
		}
	}
	return out
}

// Run runs the selected sessions of s and returns every selected case's
// result, in suite order. It fails only when no implementation can be
// started at all.
func (r *Runner) Run(ctx context.Context, s *Suite) (*Report, error) {
	if len(r.Command) == 0 {
		return nil, errors.New("conformance: no implementation command")
	}
	if _, err := exec.LookPath(r.Command[0]); err != nil {
		return nil, fmt.Errorf("conformance: implementation %s: %w", r.Command[0], err)
	}
	selected := r.selector()
	sessions := r.selectWith(s, selected)
	results := make([][]Result, len(sessions))
	par := r.Parallel
	if par <= 0 {
		par = 4
	}
	sem := make(chan struct{}, par)
	var wg sync.WaitGroup
	for i, ses := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = r.runSession(ctx, ses, selected)
		}()
	}
	wg.Wait()
	for try := 0; try < r.Retries; try++ {
		for i, ses := range sessions {
			if !anyFailed(results[i]) || ctx.Err() != nil {
				continue
			}
			again := r.runSession(ctx, ses, selected)
			for j := range again {
				if results[i][j].Status == StatusFail && again[j].Status == StatusPass {
					again[j].Retried = true
					results[i][j] = again[j]
				}
			}
		}
	}
	rep := &Report{}
	for _, rs := range results {
		rep.Results = append(rep.Results, rs...)
	}
	return rep, nil
}

func anyFailed(rs []Result) bool {
	for _, r := range rs {
		if r.Status == StatusFail {
			return true
		}
	}
	return false
}

// runSession runs one session and returns the results of its selected
// cases.
func (r *Runner) runSession(ctx context.Context, ses *Session, selected func(string) bool) []Result {
	last := -1
	for i, c := range ses.Cases {
		if selected(c.ID) {
			last = i
		}
	}
	var results []Result
	result := func(c *Case, status string, checks map[string]bool, problems ...string) {
		if selected(c.ID) {
			results = append(results, Result{ID: c.ID, Agent: ses.Agent, Version: ses.Version, Session: ses.Name,
				Class: c.Class, Status: status, Checks: checks, Problems: problems})
		}
	}
	failRest := func(from int, why string) []Result {
		for i := from; i <= last; i++ {
			result(&ses.Cases[i], StatusFail, nil, why)
		}
		return results
	}
	sb, err := NewSandbox(r.TempDir, ses)
	if err != nil {
		return failRest(0, "sandbox: "+err.Error())
	}
	defer sb.Close()
	imp, err := r.start(ctx, sb, ses)
	if err != nil {
		return failRest(0, err.Error())
	}
	defer imp.close()
	sb.cwd, sb.env = sb.Expand(ses.Launch.Cwd), sb.Env(ses)
	if sb.cwd == "" {
		sb.cwd = sb.Project
	}
	hello := Hello{Type: "session", Kit: KitVersion, Agent: ses.Agent, Version: ses.Version, Session: ses.Name,
		Root: sb.Root, Project: sb.Project, Home: sb.Home, Tmp: sb.Tmp, System: sb.System,
		Cwd: sb.Expand(ses.Launch.Cwd), Env: sb.Env(ses), Options: expandAny(sb, ses.Launch.Options).(map[string]any)}
	for _, a := range ses.Launch.Args {
		hello.Args = append(hello.Args, sb.Expand(a))
	}
	if hello.Cwd == "" {
		hello.Cwd = sb.Project
	}
	var ready Ready
	if err := imp.call(hello, &ready, r.eventTimeout()); err != nil {
		return failRest(0, "session start: "+err.Error()+imp.stderrTail())
	}
	if ready.Unsupported != "" {
		for i := 0; i <= last; i++ {
			result(&ses.Cases[i], StatusUnsupported, nil, ready.Unsupported)
		}
		return results
	}
	// Captures are judged once the implementation has ended (and with it
	// the hooks it left running, such as asynchronous ones).
	type pending struct {
		c      *Case
		capDir string
		effect *Effect
	}
	var judged []pending
	for i := 0; i <= last; i++ {
		c := &ses.Cases[i]
		capDir, err := sb.Arm(i + 1)
		if err != nil {
			return failRest(i, err.Error())
		}
		sb.prepare(c)
		var rep Reply
		err = imp.call(EventMsg{Type: "event", ID: c.ID, Event: c.Event, Payload: sb.Expand(c.Payload)}, &rep, r.eventTimeout())
		if err != nil {
			return failRest(i, "event: "+err.Error()+imp.stderrTail())
		}
		if rep.ID != c.ID {
			return failRest(i, fmt.Sprintf("the reply is for case %q, not %q", rep.ID, c.ID))
		}
		switch {
		case rep.Unsupported != "":
			result(c, StatusUnsupported, nil, rep.Unsupported)
		case rep.Error != "":
			result(c, StatusFail, nil, "the implementation failed: "+rep.Error)
		default:
			judged = append(judged, pending{c, capDir, rep.Effect})
		}
	}
	imp.close()
	byDir, err := sb.attribute(ses, last)
	for _, p := range judged {
		if err != nil {
			result(p.c, StatusFail, nil, err.Error())
			continue
		}
		checks, problems := judge(sb, p.c, p.effect, byDir[p.capDir])
		status := StatusPass
		if len(problems) > 0 {
			status = StatusFail
		}
		result(p.c, status, checks, problems...)
	}
	sortResults(results, ses)
	return results
}

// attribute reads the captures of the session's first last+1 events and
// gives each to its event: the one whose capture folder it was written
// in, unless its stdin is not that event's payload but an earlier one's
// (a hook that started after the next event was sent: an asynchronous or
// detached one), which it is then given to — the latest such event
// before its folder's.
func (sb *Sandbox) attribute(ses *Session, last int) (map[string][]Capture, error) {
	dirs := make([]string, last+1)
	payloads := make([]string, last+1)
	var all [][]Capture
	for i := 0; i <= last; i++ {
		dirs[i] = filepath.Join(sb.Captures, fmt.Sprintf("%03d", i+1))
		payloads[i] = strings.TrimSpace(sb.Expand(ses.Cases[i].Payload))
		caps, err := ReadCaptures(dirs[i])
		if err != nil {
			return nil, err
		}
		all = append(all, caps)
	}
	out := map[string][]Capture{}
	for i, caps := range all {
		for _, c := range caps {
			to := i
			if stdin := strings.TrimSpace(c.Stdin); stdin != payloads[i] {
				for j := i - 1; j >= 0; j-- {
					if payloads[j] == stdin {
						to = j
						break
					}
				}
			}
			out[dirs[to]] = append(out[dirs[to]], c)
		}
	}
	return out, nil
}

// sortResults puts a session's results in its cases' order.
func sortResults(rs []Result, ses *Session) {
	pos := map[string]int{}
	for i, c := range ses.Cases {
		pos[c.ID] = i
	}
	sort.SliceStable(rs, func(i, j int) bool { return pos[rs[i].ID] < pos[rs[j].ID] })
}

// prepare does what the agent's own tools did before case c's event:
// the files they wrote, the shell commands they ran (in the launch's
// working directory, with the launch environment).
func (sb *Sandbox) prepare(c *Case) {
	for _, p := range sortedKeys(c.Files) {
		dst := sb.Expand(p)
		if strings.HasPrefix(dst, sb.Root+string(os.PathSeparator)) {
			_ = os.MkdirAll(filepath.Dir(dst), 0o755)
			_ = os.WriteFile(dst, []byte(sb.Expand(c.Files[p])), 0o644)
		}
	}
	for _, cmd := range c.Commands {
		x := exec.Command("bash", "-c", sb.Expand(cmd))
		x.Dir, x.Env = sb.cwd, sb.env
		x.WaitDelay = time.Second
		done := make(chan struct{})
		go func() {
			_ = x.Run()
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			if x.Process != nil {
				_ = x.Process.Kill()
			}
			<-done
		}
	}
}

func (r *Runner) eventTimeout() time.Duration {
	if r.EventTimeout > 0 {
		return r.EventTimeout
	}
	return 3 * time.Minute
}

func expandAny(sb *Sandbox, v any) any {
	switch x := v.(type) {
	case string:
		return sb.Expand(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = expandAny(sb, e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = expandAny(sb, e)
		}
		return out
	case nil:
		return map[string]any{}
	}
	return v
}

// impl is a running implementation.
type impl struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *tailBuffer
	lines  chan lineOrErr
	closed bool
}

type lineOrErr struct {
	line []byte
	err  error
}

func (r *Runner) start(ctx context.Context, sb *Sandbox, ses *Session) (*impl, error) {
	cmd := exec.CommandContext(ctx, r.Command[0], r.Command[1:]...)
	cmd.Dir = sb.Project
	cmd.Env = append(os.Environ(), "HOOKCONF_SANDBOX="+sb.Root)
	cmd.WaitDelay = 5 * time.Second
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	im := &impl{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20), stderr: &tailBuffer{max: 4096}, lines: make(chan lineOrErr, 1)}
	cmd.Stderr = im.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the implementation: %w", err)
	}
	go func() {
		for {
			line, err := im.out.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 || err != nil {
				im.lines <- lineOrErr{line, err}
			}
			if err != nil {
				close(im.lines)
				return
			}
		}
	}()
	return im, nil
}

// call writes msg as one line and reads one reply line into reply.
func (im *impl) call(msg, reply any, timeout time.Duration) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := im.in.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("writing to the implementation: %w", err)
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case l, ok := <-im.lines:
		if !ok || (len(bytes.TrimSpace(l.line)) == 0 && l.err != nil) {
			return errors.New("the implementation closed its output without a reply")
		}
		if err := json.Unmarshal(l.line, reply); err != nil {
			return fmt.Errorf("the implementation's reply is not JSON: %v: %.200q", err, l.line)
		}
		return nil
	case <-t.C:
		return fmt.Errorf("no reply within %s", timeout)
	}
}

// closeTimeout is how long an implementation may take to exit once its
// stdin is closed (its hooks left running end first): then it is killed.
const closeTimeout = 30 * time.Second

func (im *impl) close() {
	if im.closed {
		return
	}
	im.closed = true
	_ = im.in.Close()
	done := make(chan struct{})
	go func() {
		_ = im.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(closeTimeout):
		_ = im.cmd.Process.Kill()
		<-done
	}
}

func (im *impl) stderrTail() string {
	s := strings.TrimSpace(im.stderr.String())
	if s == "" {
		return ""
	}
	return "; its stderr ends: " + s
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// Tally is the number of cases of one agent, version and class by
// status.
type Tally struct {
	Agent, Version, Class       string
	Pass, Fail, Unsupported, Of int
}

// Tallies counts r's results per agent, version and class, sorted.
func (r *Report) Tallies() []Tally {
	m := map[[3]string]*Tally{}
	var keys [][3]string
	for _, res := range r.Results {
		k := [3]string{res.Agent, res.Version, res.Class}
		t := m[k]
		if t == nil {
			t = &Tally{Agent: k[0], Version: k[1], Class: k[2]}
			m[k] = t
			keys = append(keys, k)
		}
		t.Of++
		switch res.Status {
		case StatusPass:
			t.Pass++
		case StatusFail:
			t.Fail++
		default:
			t.Unsupported++
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		for x := range a {
			if a[x] != b[x] {
				return a[x] < b[x]
			}
		}
		return false
	})
	out := make([]Tally, len(keys))
	for i, k := range keys {
		out[i] = *m[k]
	}
	return out
}

// Total is the number of cases that passed, failed and were not
// supported.
func (r *Report) Total() (pass, fail, unsupported int) {
	for _, res := range r.Results {
		switch res.Status {
		case StatusPass:
			pass++
		case StatusFail:
			fail++
		default:
			unsupported++
		}
	}
	return
}

// CheckTally is, for one check, how many cases had it and how many of
// them passed it.
type CheckTally struct {
	Check    string
	Pass, Of int
}

// CheckTallies counts every check over r's results (unsupported cases
// aside), in Checks order.
func (r *Report) CheckTallies() []CheckTally {
	m := map[string]*CheckTally{}
	for _, res := range r.Results {
		for k, ok := range res.Checks {
			t := m[k]
			if t == nil {
				t = &CheckTally{Check: k}
				m[k] = t
			}
			t.Of++
			if ok {
				t.Pass++
			}
		}
	}
	var out []CheckTally
	for _, k := range Checks {
		if t := m[k]; t != nil {
			out = append(out, *t)
		}
	}
	return out
}

// Summary is the run's summary line: "conformance: N/M cases pass" and,
// when some were not supported, how many.
func (r *Report) Summary() string {
	pass, fail, uns := r.Total()
	s := fmt.Sprintf("conformance: %d/%d cases pass", pass, pass+fail+uns)
	if uns > 0 {
		s += fmt.Sprintf(" (%d not supported)", uns)
	}
	return s
}

// globRegexp is a glob of a whole id, whose * crosses /, as a regular
// expression (nil when it does not compile).
func globRegexp(glob string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; c {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := strings.IndexByte(glob[i:], ']')
			if j < 0 {
				b.WriteString(regexp.QuoteMeta(glob[i:]))
				i = len(glob)
				continue
			}
			b.WriteString(glob[i : i+j+1])
			i += j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil
	}
	return re
}
