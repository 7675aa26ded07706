from gen_hc import *
import json as _j

def js(o):
    return "cat <<'JSON'\n" + _j.dumps(o) + "\nJSON\n"

DONE = turn(text("done"))
SH = turn(shell("echo RAN | tee -a ran.log", "append RAN"))

# Does a second hook of one event start before the first ends? The first marks its start, sleeps 2 s,
# marks its end; the second answers with a context saying what it found (OVERLAP: the first had started
# and not ended; AFTER: the first had ended; BEFORE: the first had not started).
FIRST = 'touch "$ORACLE_CAPTURE_DIR/first.started"\nsleep 2\ntouch "$ORACLE_CAPTURE_DIR/first.ended"\n'
def second(field):
    return ('if [ -e "$ORACLE_CAPTURE_DIR/first.ended" ]; then w=AFTER; elif [ -e "$ORACLE_CAPTURE_DIR/first.started" ]; then w=OVERLAP; else w=BEFORE; fi\n'
            'printf \'{"%s":"SECOND-SAW-%%s"}\\n\' "$w"\n' % field)

case("hc_start_two_overlap", "Two sessionStart hooks: the first sleeps 2 s between markers, the second reports (as additionalContext) whether the first had started/ended: do one event's hooks run at once?",
     hooks={"sessionStart": [entry("first"), entry("second")]}, scripts={"first": FIRST, "second": second("additionalContext")}, turns=[DONE])
case("hc_prompt_two_overlap", "Two userPromptSubmitted hooks: the first sleeps 2 s between markers, the second reports (additionalContext) whether the first had started/ended.",
     hooks={"userPromptSubmitted": [entry("first"), entry("second")]}, scripts={"first": FIRST, "second": second("additionalContext")}, turns=[DONE])
case("hc_prompt_block_then_cap", "Two userPromptSubmitted hooks: the first blocks (after 1 s), the second captures: does the second run?",
     hooks={"userPromptSubmitted": [entry("block"), entry("cap", "second")]},
     scripts={"cap": CAP, "block": "sleep 1\n" + js({"decision": "block", "reason": "FIRST-BLOCK"})}, turns=[DONE])
case("hc_pre_two_overlap", "Two preToolUse hooks: the first sleeps 2 s between markers, the second reports (additionalContext) whether the first had started/ended.",
     hooks={"preToolUse": [entry("first"), entry("second")]}, scripts={"first": FIRST, "second": second("additionalContext")}, turns=[SH, DONE])
