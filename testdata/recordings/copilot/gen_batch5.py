from gen_hc import *
import json as _j

def js(o):
    return "cat <<'JSON'\n" + _j.dumps(o) + "\nJSON\n"

DONE = turn(text("done"))
SH = turn(shell("echo RAN | tee -a ran.log", "append RAN"))

case("hc_stop_block_then_cap", "Two agentStop hooks: the first blocks once (stop_hook_active false), the second captures: does the second run on the blocked stop?",
     hooks={"agentStop": [entry("block"), entry("cap", "second")]},
     scripts={"cap": CAP, "block": "if hook_input_true stop_hook_active; then exit 0; fi\n" + js({"decision": "block", "reason": "FIRST-STOP-BLOCK"})}, turns=[DONE, turn(text("second"))])
case("hc_perm_deny_then_cap", "--allow-all; two permissionRequest hooks: the first denies, the second captures: does the second run?",
     hooks={"permissionRequest": [entry("deny"), entry("cap", "second")]},
     scripts={"cap": CAP, "deny": js({"behavior": "deny", "message": "FIRST-PERM-DENY"})}, turns=[SH, DONE])
case("hc_post_context_then_block", "Two postToolUse hooks: the first adds context, the second blocks: what does the model get?",
     hooks={"postToolUse": [entry("ctx"), entry("block")]},
     scripts={"ctx": js({"additionalContext": "FIRST-POST-CTX"}), "block": js({"decision": "block", "reason": "SECOND-POST-BLOCK"})}, turns=[SH, DONE])
case("hc_prompt_ctx_then_block", "Two userPromptSubmitted hooks: the first adds context, the second blocks.",
     hooks={"userPromptSubmitted": [entry("ctx"), entry("block")]},
     scripts={"ctx": js({"additionalContext": "FIRST-PROMPT-CTX"}), "block": js({"decision": "block", "reason": "SECOND-PROMPT-BLOCK"})}, turns=[DONE])
