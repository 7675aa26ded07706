from gen_hc import *
import json as _j

def js(o):
    return "cat <<'JSON'\n" + _j.dumps(o) + "\nJSON\n"

DONE = turn(text("done"))
SH = turn(shell("echo RAN | tee -a ran.log", "append RAN"))

case("hc_perm_deny_then_allow", "--allow-all; two permissionRequest hooks: the first denies, the second allows: which wins?",
     hooks={"permissionRequest": [entry("deny"), entry("allow")]},
     scripts={"deny": js({"behavior": "deny", "message": "FIRST-PERM-DENY"}), "allow": js({"behavior": "allow"})}, turns=[SH, DONE])
case("hc_perm_allow_then_deny", "--allow-all; two permissionRequest hooks: the first allows, the second denies: which wins?",
     hooks={"permissionRequest": [entry("allow"), entry("deny")]},
     scripts={"deny": js({"behavior": "deny", "message": "SECOND-PERM-DENY"}), "allow": js({"behavior": "allow"})}, turns=[SH, DONE])
case("hc_stop_block_then_allow", "Two agentStop hooks: the first blocks once (stop_hook_active false), the second answers decision allow: does the turn continue?",
     hooks={"agentStop": [entry("block"), entry("allow")]},
     scripts={"allow": js({"decision": "allow"}), "block": "if hook_input_true stop_hook_active; then exit 0; fi\n" + js({"decision": "block", "reason": "FIRST-STOP-BLOCK"})}, turns=[DONE, turn(text("second"))])
case("hc_stop_two_blocks", "Two agentStop hooks each block once with their own reason: which reasons reach the model?",
     hooks={"agentStop": [entry("b1"), entry("b2")]},
     scripts={"b1": "if hook_input_true stop_hook_active; then exit 0; fi\n" + js({"decision": "block", "reason": "STOP-REASON-ONE"}),
              "b2": "if hook_input_true stop_hook_active; then exit 0; fi\n" + js({"decision": "block", "reason": "STOP-REASON-TWO"})}, turns=[DONE, turn(text("second"))])
