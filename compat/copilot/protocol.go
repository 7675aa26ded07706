package copilot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/internal/lazy"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Protocol is GitHub Copilot CLI 1.0.102's hook protocol, protocol
// "copilot" of an engine. Its tool vocabulary is fixed at construction;
// it is safe for concurrent use.
type Protocol struct {
	vocab *translate.Vocabulary
}

// NewProtocol returns the Copilot protocol translating tool names with
// vocab (nil means translate.DefaultVocabulary).
func NewProtocol(vocab *translate.Vocabulary) *Protocol {
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	return &Protocol{vocab: vocab}
}

// Name returns "copilot".
func (*Protocol) Name() string { return Name }

// Variables Copilot sets for its hooks (recorded: every hook run).
const (
	// EnvProjectDir and EnvClaudeProjectDir are the repository root (the
	// session's directory).
	EnvProjectDir       = "COPILOT_PROJECT_DIR"
	EnvClaudeProjectDir = "CLAUDE_PROJECT_DIR"
	// EnvHookDir is the folder of the hooks file the hook comes from
	// (absent for hooks in ~/.copilot/settings.json); the format puts it
	// in each hook's Env when it loads the file.
	EnvHookDir = "COPILOT_HOOK_DIR"
	// EnvCLI is "1".
	EnvCLI = "COPILOT_CLI"
)

// Shell is the program Copilot runs a hook's bash (or command) with:
// /bin/bash --norc --noprofile -c COMMAND, whatever $SHELL is.
const Shell = "/bin/bash"

// PowerShell is the program Copilot runs a powershell-only entry with
// (found on PATH).
const PowerShell = "pwsh"

// scrubbed are the variables of Copilot's own environment its hooks do
// not get, besides every COPILOT_PROVIDER_* (its model provider's
// settings): COPILOT_OFFLINE and the credential variables Copilot
// 1.0.102 names (recorded: COPILOT_OFFLINE, COPILOT_PROVIDER_BASE_URL,
// COPILOT_PROVIDER_API_KEY and COPILOT_PROVIDER_MAX_PROMPT_TOKENS are
// removed, COPILOT_MODEL is kept).
var scrubbed = lazy.Value[[]string]{New: func() []string {
	return []string{
		"COPILOT_OFFLINE", "COPILOT_PROVIDER_BASE_URL", "COPILOT_PROVIDER_API_KEY",
		"COPILOT_PROVIDER_BEARER_TOKEN", "COPILOT_PROVIDER_HEADERS", "COPILOT_PROVIDER_GHES_TOKEN",
		"COPILOT_LOKI_TOKEN", "COPILOT_LOKI_TOKEN_COMMAND", "GITHUB_COPILOT_INFERENCE_TOKEN",
		"CAPI_HMAC_KEY_OVERRIDE", "AIP_SWE_AGENT_TOKEN", "CAPI_AZURE_KEY_VAULT_URI", "COPILOT_JOB_NONCE",
		"COPILOT_AGENT_REQUEST_HEADERS", "AZURE_OPENAI_KEY_VAULT_URI", "AZURE_OPENAI_KEY_VAULT_SECRET_NAME",
		"BLACKBIRD_AUTH_METIS_API_KEY", "BLACKBIRD_AUTH_MODEL_BASED_RETRIEVAL_TOKEN",
		"GITHUB_PERSONAL_ACCESS_TOKEN", "GITHUB_VERIFICATION_TOKEN",
	}
}}

// pascal reports whether h is a PascalCase hook.
func pascal(h *settings.Hook) bool { return h.Options[OptionDialect] == DialectPascal }

// matchValues are what h's matcher is compared with for ev: the tool's
// name in h's dialect (both names for a PascalCase hook), the
// notification's type, the subagent's name, the compaction's trigger.
func (p *Protocol) matchValues(r *row, h *settings.Hook, ev *runner.Event) []string {
	switch r.Match {
	case subjectTool:
		name := p.toolName(ev.Tool)
		if pascal(h) {
			return []string{pascalName(name), name}
		}
		return []string{name}
	case subjectType:
		return []string{ev.Type}
	case subjectAgent:
		return []string{ev.Subagent}
	case subjectTrigger:
		return []string{ev.Reason}
	}
	return nil
}

// Selects applies h's Copilot matcher to ev (a whole-value JavaScript
// regular expression; see [Matcher]); an event without a match value, an
// entry without a matcher, runs every time.
func (p *Protocol) Selects(h *settings.Hook, ev *runner.Event) bool {
	ok, _ := p.SelectWarn(h, ev)
	return ok
}

// SelectWarn is [Protocol.Selects] with a warning for a matcher that
// could not be evaluated within its bound: such a hook runs, so that a
// guard is never skipped because its matcher could not be read.
func (p *Protocol) SelectWarn(h *settings.Hook, ev *runner.Event) (bool, string) {
	r, ok := rowFor(ev.Name)
	if !ok {
		return false, ""
	}
	if h.Match == "" || r.Match == subjectNone {
		return true, ""
	}
	if h.EffectiveMatchSyntax() != Name {
		return format.SelectsNative(p.vocab, h, ev), ""
	}
	hit, unevaluable := cachedMatcher(h.Match, pascal(h)).Match(p.matchValues(r, h, ev)...)
	if unevaluable {
		return true, fmt.Sprintf("matcher %q could not be evaluated within %s; the hook runs", h.Match, regexTimeout)
	}
	return hit, ""
}

// Validate checks that a hook's Copilot matcher compiles.
func (*Protocol) Validate(h *settings.Hook) error {
	if h.EffectiveMatchSyntax() != Name || h.Match == "" {
		return nil
	}
	if err := cachedMatcher(h.Match, pascal(h)).Err(); err != nil {
		return &settings.MatcherError{Syntax: Name, Match: h.Match, Err: err}
	}
	return nil
}

// Encode builds what Copilot's hooks get for ev: the camelCase payload
// (Payload.Stdin) and the PascalCase one (Variants[DialectPascal]); the
// environment is the engine's without Copilot's own secrets, with
// COPILOT_PROJECT_DIR and CLAUDE_PROJECT_DIR (the workspace), COPILOT_CLI
// and the Git settings Copilot passes (GIT_CONFIG_COUNT=1,
// safe.bareRepository=explicit).
func (p *Protocol) Encode(ev *runner.Event, base []string) (*runner.Payload, error) {
	r, ok := rowFor(ev.Name)
	if !ok {
		return nil, fmt.Errorf("copilot: no Copilot event for %s", ev.Name)
	}
	camelIn, err := p.payload(r, ev, false)
	if err != nil {
		return nil, err
	}
	pl := &runner.Payload{Stdin: camelIn, Env: p.env(ev, base)}
	if r.Pascal != "" {
		pascalIn, err := p.payload(r, ev, true)
		if err != nil {
			return nil, err
		}
		pl.Variants = map[string][]byte{DialectPascal: pascalIn}
	}
	return pl, nil
}

// Payload returns the stdin a Copilot hook of the dialect (pascal)
// receives for ev.
func (p *Protocol) Payload(ev *runner.Event, pascal bool) ([]byte, error) {
	r, ok := rowFor(ev.Name)
	if !ok {
		return nil, fmt.Errorf("copilot: no Copilot event for %s", ev.Name)
	}
	return p.payload(r, ev, pascal)
}

func (p *Protocol) env(ev *runner.Event, base []string) []string {
	drop := append([]string(nil), scrubbed.Get()...)
	for _, kv := range base {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "COPILOT_PROVIDER_") {
			drop = append(drop, k)
		}
	}
	env := hookkit.WithoutEnv(base, drop...)
	root := ev.Workspace
	if root == "" {
		root = ev.Cwd
	}
	return hookkit.WithEnv(env, map[string]string{
		EnvProjectDir: root, EnvClaudeProjectDir: root, EnvCLI: "1",
		"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "safe.bareRepository", "GIT_CONFIG_VALUE_0": "explicit",
	})
}

// Prepare runs a Copilot hook as Copilot does: a shell command as
// /bin/bash --norc --noprofile -c COMMAND (as written; a powershell-only
// entry with pwsh), an exec entry's program with its args directly, in
// the repository root (the event's workspace) or the entry's cwd
// relative to it, with the payload of its dialect, its env added as
// written (never expanded), its timeout (SIGTERM at the timeout).
func (p *Protocol) Prepare(h *settings.Hook, ev *runner.Event, pl *runner.Payload) (*runner.Invocation, error) {
	root := ev.Workspace
	if st, err := os.Stat(root); root == "" || err != nil || !st.IsDir() {
		root = ev.Cwd
	}
	dir := root
	if h.Dir != "" {
		dir = h.Dir
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(root, dir)
		}
	}
	stdin := pl.Stdin
	if v, ok := pl.Variants[DialectPascal]; ok && pascal(h) {
		stdin = v
	}
	t := h.Timeout
	if t <= 0 {
		t = DefaultTimeout
	}
	inv := &runner.Invocation{
		Dir:     dir,
		Env:     hookkit.WithEnv(pl.Env, h.Env),
		Stdin:   stdin,
		Timeout: t,
		URL:     h.URL,
	}
	switch {
	case h.EffectiveType() == settings.TypeHTTP:
		inv.Headers = hookkit.ExpandHeaders(h.Headers, h.AllowedEnvVars, inv.Env, false)
	case len(h.Args) > 0:
		inv.Argv = append([]string(nil), h.Args...)
	case h.Shell == shellPowerShell:
		inv.Argv = []string{PowerShell, "-NoProfile", "-NonInteractive", "-Command", h.Command}
	default:
		inv.Argv = []string{Shell, "--norc", "--noprofile", "-c", h.Command}
	}
	return inv, nil
}

// Schedule runs an event's hooks one after another in configured order
// (recorded k, r, hc_pre_two_*); once one decides (a deny, a block) the
// later ones do not run on the events where Copilot stops (the table's
// Stops), and each preToolUse hook gets the arguments the earlier ones
// rewrote (recorded hc_pre_two_rewrites).
func (*Protocol) Schedule(ev *runner.Event) runner.Schedule {
	r, ok := rowFor(ev.Name)
	if !ok {
		return runner.Schedule{}
	}
	return runner.Schedule{StopOnBlock: r.Stops, ChainArgs: r.Reply == replyGate}
}

// lastDecides reports whether the last hook of the event that decides
// wins (permissionRequest, agentStop, subagentStop), not the first deny.
func (r *row) lastDecides() bool { return r.Reply == replyApproval || r.Reply == replyContinue }

// decides reports whether a reply decides anything: a decision in the
// native reply (a failure's denial included) or an allow Copilot reads.
func decides(rp *runner.HookReply) bool {
	if rp.Decision != runner.DecisionNone {
		return true
	}
	d, _ := rp.Detail.(*Detail)
	return d != nil && d.Decision != ""
}

var (
	_ runner.Protocol     = (*Protocol)(nil)
	_ runner.Validator    = (*Protocol)(nil)
	_ runner.SelectWarner = (*Protocol)(nil)
)

// shellPowerShell is settings.Hook.Shell of a powershell-only entry.
const shellPowerShell = "powershell"

// Combine merges the Copilot hooks' replies for one event, given in
// configured order (recorded hc_pre_two_*, hc_post_two_contexts,
// hc_pre_allow_then_deny): the first deny or block decides, with its
// reason (on preToolUse and postToolUse Copilot ran no later hook);
// otherwise an ask, else an allow, stands. On permissionRequest and
// agentStop (subagentStop taken alike) the last hook that decides
// anything wins instead — a later allow overrides an earlier deny or
// block, a later block's reason replaces an earlier one's, a hook
// without a decision changes nothing (recorded hc_perm_deny_then_allow,
// hc_perm_allow_then_deny, hc_stop_block_then_allow,
// hc_stop_two_blocks). The last rewrite of the arguments (each hook saw
// the earlier ones') and of the result wins; the contexts of every hook
// that answered are joined by a blank line.
func (p *Protocol) Combine(ev *runner.Event, replies []runner.HookReply) runner.Reply {
	var out runner.Reply
	var ctx []string
	r, _ := rowFor(ev.Name)
	last := r != nil && r.lastDecides()
	for i := range replies {
		rp := &replies[i]
		d, _ := rp.Detail.(*Detail)
		if d != nil && d.HasContext {
			ctx = append(ctx, d.Context)
		}
		switch {
		case last:
			if decides(rp) {
				out.Decision, out.Reason, out.Continue = rp.Decision, rp.Reason, rp.Continue
			}
		case rp.Decision.Blocks():
			if !out.Decision.Blocks() {
				out.Decision, out.Reason, out.Continue = rp.Decision, rp.Reason, rp.Continue
			}
		case rp.Decision == runner.DecisionAsk && !out.Decision.Blocks():
			out.Decision, out.Reason = rp.Decision, rp.Reason
		case rp.Decision == runner.DecisionAllow && out.Decision == runner.DecisionNone:
			out.Decision = rp.Decision
		}
		if rp.UpdatedArgs != nil {
			out.UpdatedArgs = rp.UpdatedArgs
		}
		if rp.UpdatedResult != nil {
			out.UpdatedResult = rp.UpdatedResult
		}
	}
	out.AdditionalContext = strings.Join(ctx, "\n\n")
	return out
}
