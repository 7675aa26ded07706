package claude

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// OutputLimit is how much stdout and stderr hookcompat keeps of a Claude
// hook, in bytes (64 MiB, runner.DefaultReplyLimit): Claude Code reads a
// hook's whole output, plain text too (1.2 MB of UserPromptSubmit stdout
// became a persisted preview labelled 1.1MB in a recording), so the
// engine's 1 MiB cap on plain text and stderr is lifted.
const OutputLimit = runner.DefaultReplyLimit

// Protocol is Claude Code's hook protocol (claude §6, §7; the oracle's
// recordings win where they differ), protocol "claude" of an engine. Its
// tool vocabulary is fixed at construction ([NewProtocol]); it is safe
// for concurrent use.
type Protocol struct {
	vocab *translate.Vocabulary
	stops sync.Map // session id → stopState
}

// NewProtocol returns the Claude protocol translating tool and argument
// names with vocab (nil means translate.DefaultVocabulary).
func NewProtocol(vocab *translate.Vocabulary) *Protocol {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	return &Protocol{vocab: vocab}
}

// Name returns "claude".
func (*Protocol) Name() string { return Name }

// matchValue is what a Claude matcher is compared with for ev (claude
// §3.2, the event table's match column), and whether the event supports
// matchers at all.
func (e *event) matchValue(vocab *translate.Vocabulary, ev *runner.Event) (string, bool) {
	extra := func(k string) string { v, _ := ev.Extra.Get(k); return gjson.ParseBytes(v).String() }
	switch e.match.kind {
	case matchTool:
		return vocab.Name(translate.Native, Dialect, ev.Tool), true
	case matchReason:
		return e.mapValue(ev.Reason, false), true
	case matchType:
		return ev.Type, true
	case matchSubagent:
		return ev.Subagent, true
	case matchField:
		return extra(e.match.field), true
	case matchBase:
		return filepath.Base(extra(e.match.field)), true
	}
	return "", false
}

// supportsMatcher reports whether a Claude event compares its matcher
// with something (claude §3.2); on the others a matcher is ignored.
func supportsMatcher(event string) bool {
	e := eventNamed(event)
	return e != nil && e.match.kind != matchNone
}

// Selects applies the hook's Claude matcher to the event's match value
// (claude §3.1, §3.2). Events without matcher support run every hook. A
// regex that cannot be evaluated within [MatcherTimeout] selects the hook
// (see SelectWarn).
func (p *Protocol) Selects(h *settings.Hook, ev *runner.Event) bool {
	ok, _ := p.SelectWarn(h, ev)
	return ok
}

// SelectWarn is Selects with a warning when the hook's regex matcher
// could not be evaluated on the value within [MatcherTimeout]: the hook is
// selected then, so that it runs and the warning reaches its trace
// (runner.SelectWarner).
func (p *Protocol) SelectWarn(h *settings.Hook, ev *runner.Event) (bool, string) {
	row := eventOf(ev.Name)
	if row == nil || row.mcpSkipped(h, ev) {
		return false, ""
	}
	value, supported := row.matchValue(p.vocab, ev)
	if !supported || h.Match == "" || h.Match == "*" {
		return true, ""
	}
	if h.EffectiveMatchSyntax() != Name {
		return format.SelectsNative(p.vocab, h, ev), ""
	}
	matched, err := cachedMatcher(row.name, h.Match).MatchErr(value)
	if err != nil {
		return true, err.Error() + "; the hook ran"
	}
	return matched, ""
}

// SelectKey is what SelectWarn reads of ev besides its name: the match
// value, the tool (hooks with a native match) and, on events where
// mcp_tool hooks skip some sources, the source (runner.SelectKeyer).
func (p *Protocol) SelectKey(ev *runner.Event) string {
	row := eventOf(ev.Name)
	if row == nil {
		return ""
	}
	value, _ := row.matchValue(p.vocab, ev)
	key := value + "\x00" + format.NativeSelectKey(ev)
	if row.mcp == mcpNotAtLaunch {
		key += "\x00" + row.mapValue(ev.Reason, false)
	}
	return key
}

// Encode builds what every Claude hook gets for ev: stdin = payloadBytes;
// environment = the engine's plus CLAUDE_PROJECT_DIR (the workspace),
// CLAUDECODE=1 and CLAUDE_CODE_SESSION_ID (claude §7.3, §7.4; oracle
// "Spawning"). CLAUDE_ENV_FILE, on the events of the table that have
// one, is each hook's own ([Protocol.Prepare]).
func (p *Protocol) Encode(ev *runner.Event, base []string) (*runner.Payload, error) {
	home := homeOf(base)
	stdin, err := p.payload(ev, home)
	if err != nil {
		return nil, err
	}
	p.noteStopState(eventOf(ev.Name), ev, base)
	add := map[string]string{
		"CLAUDE_PROJECT_DIR": ev.Workspace,
		"CLAUDECODE":         "1",
	}
	if ev.SessionID != "" {
		add["CLAUDE_CODE_SESSION_ID"] = ev.SessionID
	}
	return &runner.Payload{Stdin: stdin, Env: hookkit.WithEnv(hookkit.WithoutEnv(base, "CLAUDE_ENV_FILE"), add)}, nil
}

// homeOf is the HOME of an environment, else the user's home directory.
func homeOf(env []string) string {
	if home := hookkit.EnvValue(env, "HOME"); home != "" {
		return home
	}
	home, _ := os.UserHomeDir()
	return home
}

// Prepare builds the run of a Claude hook: the shell form as
// `/bin/sh -c <command as written>`, the exec form (Args) directly with
// ${CLAUDE_PROJECT_DIR}, ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA}
// substituted literally; working directory = the event's cwd (the
// session's current directory); environment and stdin from [Protocol.Encode]
// plus the hook's own variables (a plugin's CLAUDE_PLUGIN_ROOT). The
// shell form always starts /bin/sh, even for one simple command: dash
// forks it, so the program's parent is the shell, as under Claude Code
// (no direct exec; docs/decisions/017-direct-exec.md).
func (p *Protocol) Prepare(h *settings.Hook, ev *runner.Event, pl *runner.Payload) (*runner.Invocation, error) {
	env := pl.Env
	if row := eventOf(ev.Name); row != nil && row.envFile {
		envFile := envFilePath(ev, homeOf(env), hookIndex(h, pl))
		// The hook appends to it; Claude Code creates its directory. When
		// that is impossible (read-only home) the hook still runs, without
		// the variable, as scripts guard on it being set.
		if err := os.MkdirAll(filepath.Dir(envFile), 0o700); err == nil {
			env = hookkit.WithEnv(env, map[string]string{"CLAUDE_ENV_FILE": envFile})
		}
	}
	env = hookkit.WithEnv(env, h.Env)
	dir := ev.Cwd
	if st, err := os.Stat(dir); dir == "" || err != nil || !st.IsDir() {
		dir = ev.Workspace
	}
	if h.Dir != "" {
		dir = h.Dir
	}
	inv := &runner.Invocation{
		Dir:         dir,
		Env:         env,
		Stdin:       pl.Stdin,
		Timeout:     h.EffectiveTimeout(),
		OutputLimit: OutputLimit,
		URL:         h.URL,
	}
	if h.EffectiveType() == settings.TypeHTTP {
		inv.Headers = hookkit.ExpandHeaders(h.Headers, h.AllowedEnvVars, inv.Env, false)
		return inv, nil
	}
	switch {
	case len(h.Args) > 0:
		subst := strings.NewReplacer(
			"${CLAUDE_PROJECT_DIR}", ev.Workspace,
			"${CLAUDE_PLUGIN_ROOT}", h.Env["CLAUDE_PLUGIN_ROOT"],
			"${CLAUDE_PLUGIN_DATA}", h.Env["CLAUDE_PLUGIN_DATA"],
		)
		for _, a := range h.Args {
			inv.Argv = append(inv.Argv, subst.Replace(a))
		}
	case h.Shell == "powershell":
		// Claude runs shell "powershell" with pwsh (or powershell) and fails
		// the hook when neither is on PATH (recorded).
		for _, name := range []string{"pwsh", "powershell"} {
			if path, ok := lookPath(name, hookkit.EnvValue(env, "PATH")); ok {
				inv.Argv = []string{path, "-NoProfile", "-Command", h.Command}
				return inv, nil
			}
		}
		return nil, noPowerShell(h.Command)
	default:
		// shell "bash" too: Claude runs every shell-form command with
		// /bin/sh -c (recorded).
		inv.Argv = []string{"/bin/sh", "-c", h.Command}
	}
	return inv, nil
}

// noPowerShell is Claude's error for a shell "powershell" hook without
// PowerShell (its exact text).
type noPowerShell string

func (e noPowerShell) Error() string {
	return fmt.Sprintf(`Failed to run: Hook %q has shell: 'powershell' but no PowerShell executable (pwsh or powershell) was found on PATH. Install PowerShell, or remove "shell": "powershell" to use bash.`, string(e))
}

// lookPath finds an executable named name in the directories of path.
func lookPath(name, path string) (string, bool) {
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, true
		}
	}
	return "", false
}

// envFilePath is the CLAUDE_ENV_FILE the index-th hook (0-based, in
// configured order among the hooks the event runs) gets on an event of
// the table that has one (SessionStart, Setup, CwdChanged, FileChanged):
// <home>/.claude/session-env/<session>/<event lowercase>-hook-<index>.sh,
// where `export` lines persist for later tool runs (claude §7.4,
// recorded). The agent sources every such file before shell commands
// ([EnvFileExports]). The session id is made safe as a directory name: a
// session id with '/' or ".." cannot point outside session-env.
func envFilePath(ev *runner.Event, home string, index int) string {
	sid := sessionDirName(ev.SessionID)
	return filepath.Join(home, ".claude", "session-env", sid, fmt.Sprintf("%s-hook-%d.sh", strings.ToLower(claudeName(ev.Name)), index))
}

// envFileDir is the directory of a session's CLAUDE_ENV_FILE files.
func envFileDir(sessionID, home string) string {
	return filepath.Join(home, ".claude", "session-env", sessionDirName(sessionID))
}

// hookIndex is h's position among the hooks of its group, or 0 when the
// engine did not say.
func hookIndex(h *settings.Hook, pl *runner.Payload) int {
	for i, x := range pl.Hooks {
		if x == h {
			return i
		}
	}
	return 0
}

// sessionDirName makes a session id safe as one path element: bytes other
// than letters, digits, '-', '_' and '.' become '_', and an empty or
// all-dots id (".", "..") cannot name a directory outside session-env.
func sessionDirName(sid string) string {
	if sid == "" {
		return "no-session"
	}
	b := []byte(sid)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	if strings.Trim(string(b), ".") == "" {
		return "_" + string(b)
	}
	return string(b)
}

// Schedule runs Claude hooks in parallel and runs identical handlers once
// (recorded: command hooks keyed by shell — "bash" and none are the same —,
// command, args and if rule, the timeout not counting; http hooks by URL
// and if rule; a plugin's copy, which has its own CLAUDE_PLUGIN_ROOT,
// stays separate).
func (*Protocol) Schedule(*runner.Event) runner.Schedule {
	return runner.Schedule{Parallel: true, DedupKey: dedupKey}
}

func dedupKey(h *settings.Hook) string {
	plugin := h.Env["CLAUDE_PLUGIN_ROOT"]
	switch h.EffectiveType() {
	case settings.TypeHTTP:
		return fmt.Sprintf("http\x00%s\x00%q\x00%s", h.URL, h.If, plugin)
	case settings.TypeCommand:
		return fmt.Sprintf("command\x00%s\x00%s\x00%q\x00%q\x00%s", h.Shell, h.Command, h.Args, h.If, plugin)
	}
	return ""
}

// RuleSelects evaluates a Claude if rule (claude §2.5) such as
// "Bash(git push *)", "Edit(src/**)" or "mcp__github__create_issue": the
// tool name must equal the call's Claude tool name; Bash and PowerShell
// specifiers match each command of the script; file tools' specifiers are
// path globs relative to the cwd; WebFetch accepts "domain:HOST".
func (p *Protocol) RuleSelects(h *settings.Hook, ev *runner.Event) bool {
	rule, err := settings.ParseRule(h.If)
	if err != nil {
		return true // run when unsure (claude §2.5)
	}
	tool := p.vocab.Name(translate.Native, Dialect, ev.Tool)
	if rule.Name != tool && !(rule.Name == "Task" && tool == "Agent") {
		return false
	}
	if !rule.HasSpec {
		return true
	}
	args := gjson.ParseBytes(p.vocab.Args(translate.Native, Dialect, ev.Tool, ev.Args))
	switch tool {
	case "Bash", "PowerShell":
		return hookkit.ShellRuleMatches(rule.Specifier, args.Get("command").String())
	case "Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "Glob", "Grep":
		p := args.Get("file_path").String()
		if p == "" {
			p = args.Get("notebook_path").String()
		}
		if p == "" {
			p = args.Get("path").String()
		}
		return hookkit.PathRuleMatches(rule.Specifier, p, ev.Cwd)
	case "WebFetch":
		return hookkit.HostRuleMatches(rule.Specifier, args.Get("url").String())
	}
	return hookkit.ShellRuleMatches(rule.Specifier, args.Get("command").String())
}

var (
	_ runner.Protocol     = (*Protocol)(nil)
	_ runner.RuleProtocol = (*Protocol)(nil)
	_ runner.Validator    = (*Protocol)(nil)
	_ runner.SelectWarner = (*Protocol)(nil)
	_ runner.SelectKeyer  = (*Protocol)(nil)
)

// Validate checks that h's matcher compiles (an invalid regex is an error
// for a hook given to an engine directly; a settings file with one loads
// with a warning and without the hook, as Claude Code skips it).
func (*Protocol) Validate(h *settings.Hook) error {
	if h.EffectiveMatchSyntax() != Name || h.Match == "" {
		return nil
	}
	if err := compileMatcher(claudeName(h.Event), h.Match).Err(); err != nil {
		return &settings.MatcherError{Syntax: Name, Match: h.Match, Err: err}
	}
	return nil
}
