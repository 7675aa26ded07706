from gen_hc import *
import json as _j

def js(o):
    return "cat <<'JSON'\n" + _j.dumps(o) + "\nJSON\n"

SH = turn(shell("echo RAN | tee -a ran.log", "append RAN"))
DONE = turn(text("done"))
VIEWX = turn(call("view", path="{{PROJECT}}/missing.txt"))

# ---- preToolUse outputs and exits
case("hc_pre_exit1_json_deny", "preToolUse exits 1 after printing a JSON deny: is stdout read, or is it (hook errored)?",
     hooks={"preToolUse": [entry("h")]}, scripts={"h": js({"permissionDecision": "deny", "permissionDecisionReason": "JSON-DENY-1"}) + "exit 1\n"}, turns=[SH, DONE])
case("hc_pre_exit2_json_allow", "preToolUse exits 2 with stderr text after printing a JSON allow.",
     hooks={"preToolUse": [entry("h")]}, scripts={"h": js({"permissionDecision": "allow"}) + "echo STDERR-2 >&2\nexit 2\n"}, turns=[SH, DONE])
case("hc_pre_plain_stdout", "preToolUse prints plain text (not JSON) and exits 0.",
     hooks={"preToolUse": [entry("h")]}, scripts={"h": "echo just some text\n"}, turns=[SH, DONE])
case("hc_pre_bad_json", "preToolUse prints invalid JSON ('{bad') and exits 0.",
     hooks={"preToolUse": [entry("h")]}, scripts={"h": "echo '{bad'\n"}, turns=[SH, DONE])
case("hc_pre_allow_only", "preToolUse answers permissionDecision allow; does permissionRequest still fire?",
     hooks={"preToolUse": [entry("h")], "permissionRequest": [entry("cap", "permissionRequest")]},
     scripts={"cap": CAP, "h": js({"permissionDecision": "allow"})}, turns=[SH, DONE])
case("hc_pre_deny_no_reason", "preToolUse denies without a reason.",
     hooks={"preToolUse": [entry("h")]}, scripts={"h": js({"permissionDecision": "deny"})}, turns=[SH, DONE])
case("hc_pre_bogus_decision", "preToolUse answers permissionDecision 'bogus' with a reason.",
     hooks={"preToolUse": [entry("h")]}, scripts={"h": js({"permissionDecision": "bogus", "permissionDecisionReason": "BOGUS"})}, turns=[SH, DONE])
case("hc_pre_two_deny_then_cap", "Two preToolUse hooks: the first denies, the second captures: does the second run?",
     hooks={"preToolUse": [entry("deny"), entry("cap", "second")]},
     scripts={"cap": CAP, "deny": js({"permissionDecision": "deny", "permissionDecisionReason": "FIRST-DENY"})}, turns=[SH, DONE])
case("hc_pre_two_rewrites", "Two preToolUse hooks rewrite: the first modifiedArgs echo ONE, the second (captures its stdin) echo TWO; which wins, does the second see the first's args?",
     hooks={"preToolUse": [entry("r1"), entry("r2")]},
     scripts={"r1": js({"modifiedArgs": {"command": "echo ONE | tee -a ran.log"}}), "r2": js({"modifiedArgs": {"command": "echo TWO | tee -a ran.log"}})}, turns=[SH, DONE])
case("hc_pre_allow_then_deny", "Two preToolUse hooks: first allow, second deny.",
     hooks={"preToolUse": [entry("a"), entry("d")]},
     scripts={"a": js({"permissionDecision": "allow"}), "d": js({"permissionDecision": "deny", "permissionDecisionReason": "SECOND-DENY"})}, turns=[SH, DONE])
case("hc_pre_deny_then_allow", "Two preToolUse hooks: first deny, second allow (does the second run; who wins?).",
     hooks={"preToolUse": [entry("d"), entry("a")]},
     scripts={"a": js({"permissionDecision": "allow"}), "d": js({"permissionDecision": "deny", "permissionDecisionReason": "FIRST-DENY"})}, turns=[SH, DONE])
case("hc_pre_two_contexts", "Two preToolUse hooks each return additionalContext (allow): how are they joined?",
     hooks={"preToolUse": [entry("c1"), entry("c2")]},
     scripts={"c1": js({"additionalContext": "CTX-ONE"}), "c2": js({"additionalContext": "CTX-TWO"})}, turns=[SH, DONE])
case("hc_pre_modified_args_string", "preToolUse modifiedArgs is a string, not an object.",
     hooks={"preToolUse": [entry("h")]}, scripts={"h": js({"modifiedArgs": "echo STR"})}, turns=[SH, DONE])
case("hc_pre_deny_with_context", "preToolUse denies and returns additionalContext.",
     hooks={"preToolUse": [entry("h")]}, scripts={"h": js({"permissionDecision": "deny", "permissionDecisionReason": "DENY-CTX", "additionalContext": "CTX-WITH-DENY"})}, turns=[SH, DONE])
case("hc_pre_continue_false", "preToolUse answers continue:false with stopReason and systemMessage (Claude universal fields).",
     hooks={"preToolUse": [entry("h")], "agentStop": [entry("cap", "agentStop")]}, scripts={"cap": CAP, "h": js({"continue": False, "stopReason": "STOP-R", "systemMessage": "SYS-M"})}, turns=[SH, DONE])
MATCH = ["bash", "Bash", "ba", "ba.*", "bash|view", "^bash$", "BASH", "(?i)bash", "*", "view", ".*", "b.sh", "bash|", "shell"]
case("hc_pre_matchers_camel", "camelCase preToolUse entries with matchers " + ", ".join("%02d=%r" % (i, m) for i, m in enumerate(MATCH)) + "; a bash call then a view call. Which run?",
     hooks={"preToolUse": [entry("cap", "m%02d" % i, matcher=m) for i, m in enumerate(MATCH)]}, scripts={"cap": CAP}, turns=[SH, VIEWX, DONE])
MATCHP = ["Bash", "bash", "Ba.*", "Bash|Read", "Read", "view", "^Bash$", "BASH", "*", ".*", "Shell"]
case("hc_pre_matchers_pascal", "PascalCase PreToolUse entries with matchers " + ", ".join("%02d=%r" % (i, m) for i, m in enumerate(MATCHP)) + "; a bash call then a view call.",
     hooks={"PreToolUse": [entry("cap", "m%02d" % i, matcher=m) for i, m in enumerate(MATCHP)]}, scripts={"cap": CAP}, turns=[SH, VIEWX, DONE])
case("hc_pre_matcher_invalid_regex", "One preToolUse entry with matcher '(' (invalid regex) and one capture entry without matcher.",
     hooks={"preToolUse": [entry("cap", "bad", matcher="("), entry("cap", "plain")]}, scripts={"cap": CAP}, turns=[SH, DONE])
# ---- postToolUse
case("hc_post_exit2", "postToolUse exits 2 with stderr.",
     hooks={"postToolUse": [entry("h")]}, scripts={"h": "echo POST-STDERR-2 >&2\nexit 2\n"}, turns=[SH, DONE])
case("hc_post_exit1", "postToolUse exits 1 with stderr.",
     hooks={"postToolUse": [entry("h")]}, scripts={"h": "echo POST-STDERR-1 >&2\nexit 1\n"}, turns=[SH, DONE])
case("hc_post_modified_result", "postToolUse returns modifiedResult {textResultForLlm, resultType} without a decision.",
     hooks={"postToolUse": [entry("h")]}, scripts={"h": js({"modifiedResult": {"textResultForLlm": "MODIFIED-RESULT", "resultType": "success"}})}, turns=[SH, DONE])
case("hc_post_modified_result_string", "postToolUse returns modifiedResult as a plain string.",
     hooks={"postToolUse": [entry("h")]}, scripts={"h": js({"modifiedResult": "MODIFIED-STR"})}, turns=[SH, DONE])
case("hc_post_two_contexts", "Two postToolUse hooks return additionalContext: joined how?",
     hooks={"postToolUse": [entry("c1"), entry("c2")]}, scripts={"c1": js({"additionalContext": "PCTX-ONE"}), "c2": js({"additionalContext": "PCTX-TWO"})}, turns=[SH, DONE])
case("hc_post_block_then_cap", "Two postToolUse hooks: the first blocks, the second captures (does it run, what does it see?).",
     hooks={"postToolUse": [entry("b"), entry("cap", "second")]}, scripts={"cap": CAP, "b": js({"decision": "block", "reason": "POST-BLOCK-FIRST"})}, turns=[SH, DONE])
case("hc_post_timeout", "postToolUse with timeoutSec 1 sleeps 3 s.",
     hooks={"postToolUse": [entry("h", timeoutSec=1)]}, scripts={"h": "sleep 3\n" + js({"additionalContext": "LATE"})}, turns=[SH, DONE])
case("hc_post_pascal_hso_context", "PascalCase PostToolUse returns Claude's hookSpecificOutput.additionalContext.",
     hooks={"PostToolUse": [entry("h")]}, scripts={"h": js({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "HSO-POST-CTX"}})}, turns=[SH, DONE])
case("hc_post_pascal_block", "PascalCase PostToolUse returns decision block + reason (Claude form).",
     hooks={"PostToolUse": [entry("h")]}, scripts={"h": js({"decision": "block", "reason": "PASCAL-POST-BLOCK"})}, turns=[SH, DONE])
# ---- postToolUseFailure
case("hc_postfail_context", "postToolUseFailure returns additionalContext for a failing view call.",
     hooks={"postToolUseFailure": [entry("h")]}, scripts={"h": js({"additionalContext": "FAIL-CTX"})}, turns=[VIEWX, DONE])
case("hc_postfail_exit2", "postToolUseFailure exits 2 with stderr (recovery guidance per docs).",
     hooks={"postToolUseFailure": [entry("h")]}, scripts={"h": "echo FAIL-GUIDANCE >&2\nexit 2\n"}, turns=[VIEWX, DONE])
case("hc_postfail_bash_nonzero", "A bash call exiting 3: postToolUse or postToolUseFailure? (both captured)",
     hooks={"postToolUse": [entry("cap", "postToolUse")], "postToolUseFailure": [entry("cap", "postToolUseFailure")]}, scripts={"cap": CAP},
     turns=[turn(shell("echo OUT; exit 3", "fail with 3")), DONE])
# ---- prompts
case("hc_prompt_context", "userPromptSubmitted returns additionalContext.",
     hooks={"userPromptSubmitted": [entry("h")]}, scripts={"h": js({"additionalContext": "PROMPT-CTX"})}, turns=[DONE])
case("hc_prompt_modified", "userPromptSubmitted returns modifiedPrompt.",
     hooks={"userPromptSubmitted": [entry("h")], "userPromptTransformed": [entry("cap", "userPromptTransformed")]}, scripts={"cap": CAP, "h": js({"modifiedPrompt": "MODIFIED PROMPT"})}, turns=[DONE])
case("hc_prompt_exit2", "userPromptSubmitted exits 2 with stderr.",
     hooks={"userPromptSubmitted": [entry("h")]}, scripts={"h": "echo PROMPT-STDERR >&2\nexit 2\n"}, turns=[DONE])
case("hc_prompt_exit1", "userPromptSubmitted exits 1 with stderr.",
     hooks={"userPromptSubmitted": [entry("h")]}, scripts={"h": "echo PROMPT-STDERR >&2\nexit 1\n"}, turns=[DONE])
case("hc_prompt_pascal_block", "PascalCase UserPromptSubmit returns decision block with reason.",
     hooks={"UserPromptSubmit": [entry("h")]}, scripts={"h": js({"decision": "block", "reason": "PASCAL-PROMPT-BLOCK"})}, turns=[DONE])
case("hc_prompt_pascal_hso_context", "PascalCase UserPromptSubmit returns hookSpecificOutput.additionalContext.",
     hooks={"UserPromptSubmit": [entry("h")]}, scripts={"h": js({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "HSO-PROMPT-CTX"}})}, turns=[DONE])
case("hc_transformed_modified", "userPromptTransformed returns modifiedTransformedPrompt and additionalContext.",
     hooks={"userPromptTransformed": [entry("h")]}, scripts={"h": js({"modifiedTransformedPrompt": "TRANSFORMED-BY-HOOK", "additionalContext": "TCTX"})}, turns=[DONE])
# ---- session start / end
case("hc_start_two_contexts", "Two sessionStart hooks return additionalContext.",
     hooks={"sessionStart": [entry("c1"), entry("c2")]}, scripts={"c1": js({"additionalContext": "SCTX-ONE"}), "c2": js({"additionalContext": "SCTX-TWO"})}, turns=[DONE])
case("hc_start_exit2", "sessionStart exits 2 with stderr.",
     hooks={"sessionStart": [entry("h")]}, scripts={"h": "echo START-STDERR >&2\nexit 2\n"}, turns=[DONE])
case("hc_start_pascal_hso", "PascalCase SessionStart returns hookSpecificOutput.additionalContext.",
     hooks={"SessionStart": [entry("h")]}, scripts={"h": js({"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "HSO-START-CTX"}})}, turns=[DONE])
case("hc_start_plain_text", "sessionStart prints plain text (not JSON).",
     hooks={"sessionStart": [entry("h")]}, scripts={"h": "echo PLAIN-START-TEXT\n"}, turns=[DONE])
# ---- stop
case("hc_stop_always_block", "agentStop always blocks: how many continuations before Copilot ends the turn?",
     hooks={"agentStop": [entry("h")]}, scripts={"h": js({"decision": "block", "reason": "KEEP-GOING"})}, turns=[DONE], timeout_s=150)
case("hc_stop_exit2", "agentStop exits 2 with stderr the first time (stop_hook_active false), then 0.",
     hooks={"agentStop": [entry("h")]}, scripts={"h": "if hook_input_true stop_hook_active; then exit 0; fi\necho STOP-STDERR >&2\nexit 2\n"}, turns=[DONE, turn(text("second"))])
case("hc_stop_pascal_block_once", "PascalCase Stop blocks once (stop_hook_active false), then allows.",
     hooks={"Stop": [entry("h")]}, scripts={"h": "if hook_input_true stop_hook_active; then exit 0; fi\n" + js({"decision": "block", "reason": "PASCAL-STOP"})}, turns=[DONE, turn(text("second"))])
# ---- permission request
case("hc_perm_exit2", "--allow-all; permissionRequest exits 2 with stderr.",
     hooks={"permissionRequest": [entry("h")]}, scripts={"h": "echo PERM-STDERR >&2\nexit 2\n"}, turns=[SH, DONE])
case("hc_perm_exit1", "--allow-all; permissionRequest exits 1.",
     hooks={"permissionRequest": [entry("h")]}, scripts={"h": "exit 1\n"}, turns=[SH, DONE])
case("hc_perm_claude_decision", "--allow-all; permissionRequest answers Claude's hookSpecificOutput.decision.behavior deny + message.",
     hooks={"PermissionRequest": [entry("h")]}, scripts={"h": js({"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": "CLAUDE-PERM-DENY"}}})}, turns=[SH, DONE])
case("hc_perm_none_deny_interrupt", "No --allow-all; permissionRequest denies with interrupt true.",
     hooks={"permissionRequest": [entry("h")], "agentStop": [entry("cap", "agentStop")]}, scripts={"cap": CAP, "h": js({"behavior": "deny", "message": "INTERRUPT-DENY", "interrupt": True})}, permissions=[], turns=[SH, DONE])
case("hc_perm_view_allowall", "--allow-all; a permissionRequest capture hook; the model calls view, create and edit: which fire permissionRequest?",
     hooks={"permissionRequest": [entry("cap", "permissionRequest")]}, scripts={"cap": CAP},
     turns=[turn(call("create", path="{{PROJECT}}/n.txt", file_text="a\n")), turn(call("edit", path="{{PROJECT}}/n.txt", old_str="a", new_str="b")), turn(call("view", path="{{PROJECT}}/n.txt")), DONE])
case("hc_perm_none_view", "No --allow-all: create and view calls with a permissionRequest capture hook; which are asked?",
     hooks={"permissionRequest": [entry("cap", "permissionRequest")]}, scripts={"cap": CAP}, permissions=[],
     turns=[turn(call("create", path="{{PROJECT}}/n.txt", file_text="a\n")), turn(call("view", path="{{PROJECT}}/n.txt")), DONE])
case("hc_perm_matcher", "--allow-all; permissionRequest entries with matchers 'bash', 'view', 'Bash' (deny) and none (capture).",
     hooks={"permissionRequest": [entry("cap", "pm_bash", matcher="bash"), entry("cap", "pm_view", matcher="view"), entry("cap", "pm_Bash", matcher="Bash"), entry("cap", "pm_all")]}, scripts={"cap": CAP}, turns=[SH, DONE])
# ---- notification, error
case("hc_notif_context", "Async bash completes; the notification hook returns additionalContext.",
     hooks={"notification": [entry("h")]}, scripts={"h": js({"additionalContext": "NOTIF-CTX"})},
     turns=[turn(shell("sleep 2; echo BG | tee -a bg.log", "background job", mode="async")), turn(text("waiting")), turn(text("seen it"))])
case("hc_notif_pascal", "Async bash completes; PascalCase Notification capture hooks (and matcher shell_completed / other).",
     hooks={"Notification": [entry("cap", "Notification"), entry("cap", "n_match", matcher="shell_completed"), entry("cap", "n_other", matcher="permission_prompt")]}, scripts={"cap": CAP},
     turns=[turn(shell("sleep 2; echo BG | tee -a bg.log", "background job", mode="async")), turn(text("waiting")), turn(text("seen it"))])
case("hc_error_pascal", "Model HTTP 400: PascalCase ErrorOccurred and SessionEnd captures.",
     hooks={"ErrorOccurred": [entry("cap", "ErrorOccurred")], "SessionEnd": [entry("cap", "SessionEnd")], "Stop": [entry("cap", "Stop")]}, scripts={"cap": CAP},
     turns=[{"output": [], "error": {"status": 400, "message": "FAKE-400"}}])
