package claude

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookcompat/hookcompat/internal/hookkit"
	"github.com/hookcompat/hookcompat/runner"
)

// DefaultStopBlockCap is how many consecutive blocking results of Stop
// (or one sub-agent's SubagentStop) hooks Claude Code accepts: the
// DefaultStopBlockCap-th is overridden and the turn ends (recorded: 8
// continuations, the 9th block ignored). CLAUDE_CODE_STOP_HOOK_BLOCK_CAP
// in the environment raises it.
const DefaultStopBlockCap = 9

// StopBlockCapMessage is what Claude Code tells the user when it
// overrides a blocking Stop hook.
const StopBlockCapMessage = "A hook blocked the turn from ending %d consecutive times—overriding and ending turn. For Stop/SubagentStop hooks, check stop_hook_active in the input and return success while it's true. Set CLAUDE_CODE_STOP_HOOK_BLOCK_CAP to raise this limit."

// stopState is where one engine keeps the consecutive-block count of a
// session's stops: a file in the session's directory under the hooks'
// home (<home>/.claude/session-env/<session>/), so that the count
// survives one `hookcompat run` per event as it survives in Claude Code's
// session.
type stopState struct {
	dir string
	cap int
}

// noteStopState records, when ev is a stop whose blocks are capped, where
// its count lives (Encode knows the hooks' environment, Combine does not).
func (p *Protocol) noteStopState(row *event, ev *runner.Event, env []string) {
	if !row.blockCap || ev.SessionID == "" {
		return
	}
	capN := DefaultStopBlockCap
	if v, err := strconv.Atoi(hookkit.EnvValue(env, "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP")); err == nil && v > 0 {
		capN = v
	}
	p.stops.Store(ev.SessionID, stopState{dir: envFileDir(ev.SessionID, homeOf(env)), cap: capN})
}

// capStops applies the block cap to a stop's merged reply: a stop that
// does not continue resets the count (so does stop_hook_active false, the
// first stop of a turn); a continuing one increments it, and the one that
// reaches the cap is overridden: no continuation, the count reset.
func (p *Protocol) capStops(ev *runner.Event, out *runner.Reply) {
	v, ok := p.stops.Load(ev.SessionID)
	if !ok {
		return
	}
	st := v.(stopState)
	agent, _ := ev.Extra.Get("agent_id")
	file := filepath.Join(st.dir, "hookcompat-stop-blocks"+sanitizeAgent(string(agent)))
	n, had := 0, false
	if b, err := os.ReadFile(file); err == nil {
		had = true
		if ev.StopHookActive {
			n, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
	}
	continues := out.Decision.Blocks() || (out.Continue != nil && *out.Continue)
	switch {
	case !continues:
		n = 0
	case n+1 >= st.cap:
		out.Decision, out.Reason, out.Continue, out.AdditionalContext = runner.DecisionNone, "", nil, ""
		out.SystemMessage = strings.TrimPrefix(out.SystemMessage+"\n"+fmt.Sprintf(StopBlockCapMessage, st.cap), "\n")
		n = 0
	default:
		n++
	}
	if n == 0 && !had {
		return // nothing to remember
	}
	if os.MkdirAll(st.dir, 0o700) == nil {
		_ = os.WriteFile(file, []byte(strconv.Itoa(n)+"\n"), 0o600)
	}
}

func sanitizeAgent(id string) string {
	id = strings.Trim(id, `"`)
	if id == "" {
		return ""
	}
	return "-" + sessionDirName(id)
}
