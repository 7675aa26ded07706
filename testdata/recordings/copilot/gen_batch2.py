from gen_hc import *
import json as _j

def js(o):
    return "cat <<'JSON'\n" + _j.dumps(o) + "\nJSON\n"

SH = turn(shell("echo RAN | tee -a ran.log", "append RAN"))
DONE = turn(text("done"))
TASK = turn(call("task", name="helper", description="do sub work", agent_type="task", prompt="SUBAGENT-A: run echo SUB"))
SUB = [{"match": "SUBAGENT-A", "turns": [turn(shell("echo SUB | tee -a sub.log", "append SUB")), turn(text("sub done")), turn(text("sub again"))]}]

# ---- sub-agents
case("hc_sub_start_context", "subagentStart returns additionalContext: does it reach the sub-agent's first request?",
     hooks={"subagentStart": [entry("h")]}, scripts={"h": js({"additionalContext": "SUBSTART-CTX"})}, turns=[TASK, DONE], agents=SUB)
case("hc_sub_stop_block", "subagentStop blocks once (stop_hook_active false): does the sub-agent continue?",
     hooks={"subagentStop": [entry("h")]}, scripts={"h": "if hook_input_true stop_hook_active; then exit 0; fi\n" + js({"decision": "block", "reason": "SUB-KEEP-GOING"})}, turns=[TASK, DONE], agents=SUB)
case("hc_sub_pre_deny", "preToolUse denies bash only inside the sub-agent (agentId present).",
     hooks={"preToolUse": [entry("h")]}, scripts={"h": "if grep -q agentId \"$HOOK_STDIN_FILE\"; then\n" + js({"permissionDecision": "deny", "permissionDecisionReason": "SUB-DENY"}) + "fi\n"}, turns=[TASK, DONE], agents=SUB)
case("hc_sub_start_matcher", "subagentStart entries with matchers 'task', 'explore', 'helper' and none.",
     hooks={"subagentStart": [entry("cap", "ss_task", matcher="task"), entry("cap", "ss_explore", matcher="explore"), entry("cap", "ss_helper", matcher="helper"), entry("cap", "ss_all")]}, scripts={"cap": CAP}, turns=[TASK, DONE], agents=SUB)
case("hc_sub_pascal_all", "PascalCase SubagentStart/SubagentStop/Stop/PreToolUse captures around a task call.",
     hooks={e: [entry("cap", e)] for e in ["SubagentStart", "SubagentStop", "Stop", "PreToolUse", "PostToolUse"]}, scripts={"cap": CAP}, turns=[TASK, DONE], agents=SUB)
case("hc_sub_explore", "task with agent_type explore (read-only, lightweight model): subagent events and the sub-agent's view call.",
     hooks=all_events(CAMEL), scripts={"cap": CAP},
     turns=[turn(call("task", name="looker", description="look around", agent_type="explore", prompt="SUBAGENT-A: look")), DONE],
     agents=[{"match": "SUBAGENT-A", "turns": [turn(call("view", path="{{PROJECT}}")), turn(text("looked"))]}])
# ---- compaction
case("hc_compact_max_prompt", "COPILOT_PROVIDER_MAX_PROMPT_TOKENS=3000 and turn 0 reports 2900 prompt tokens: auto compaction and preCompact?",
     hooks=all_events(CAMEL), scripts={"cap": CAP}, env={"COPILOT_PROVIDER_MAX_PROMPT_TOKENS": "3000"},
     turns=[turn(shell("echo RAN | tee -a ran.log"), usage={"prompt_tokens": 2900, "completion_tokens": 5, "total_tokens": 2905}), turn(shell("echo RAN2 | tee -a ran.log"), usage={"prompt_tokens": 2950, "completion_tokens": 5, "total_tokens": 2955}), DONE])
# ---- loading
case("hc_load_invalid_json_other_file", "Two hooks files: bad.json is not JSON, oracle.json has a capture preToolUse.",
     hooks={"preToolUse": [entry("cap", "preToolUse")]}, scripts={"cap": CAP}, extra_hook_files={"bad.json": "{ not json"}, turns=[SH, DONE])
case("hc_load_version2", "hooks file with version 2.",
     raw_hooks={"version": 2, "hooks": {"preToolUse": [entry("cap", "preToolUse")]}}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_no_version", "hooks file without version.",
     raw_hooks={"hooks": {"preToolUse": [entry("cap", "preToolUse")]}}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_unknown_event", "hooks file with an unknown event key bogusEvent beside a valid preToolUse.",
     hooks={"bogusEvent": [entry("cap", "bogus")], "preToolUse": [entry("cap", "preToolUse")]}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_entry_shapes", "preToolUse entries: command field; powershell only; no command at all; exec argv; type prompt; bash+exec both. Capture each.",
     hooks={"preToolUse": [
         {"type": "command", "command": "{{HOOKS}}/cap.sh e_command"},
         {"type": "command", "powershell": "{{HOOKS}}/cap.sh e_ps"},
         {"type": "command"},
         {"type": "command", "exec": ["{{HOOKS}}/cap.sh", "e_exec"]},
         {"type": "command", "bash": "{{HOOKS}}/cap.sh e_both", "exec": ["{{HOOKS}}/cap.sh", "e_both2"]},
         entry("cap", "e_last")]}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_exec_string", "preToolUse entry with exec as a string path and args field.",
     hooks={"preToolUse": [{"type": "command", "exec": "{{HOOKS}}/cap.sh", "args": ["e_exec_str"]}, entry("cap", "e_last")]}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_nested_group", "Claude-style nested group {matcher: bash, hooks: [...]} under preToolUse in .github/hooks.",
     hooks={"preToolUse": [{"matcher": "bash", "hooks": [entry("cap", "nested_bash")]}, {"matcher": "view", "hooks": [entry("cap", "nested_view")]}, entry("cap", "flat")]}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_prompt_type", "sessionStart with type prompt (prompt text) and a capture hook.",
     hooks={"sessionStart": [{"type": "prompt", "prompt": "PROMPT-HOOK-TEXT"}, entry("cap", "sessionStart")]}, scripts={"cap": CAP}, turns=[DONE, DONE])
case("hc_load_disable_all_in_file", "hooks file with disableAllHooks true.",
     raw_hooks={"version": 1, "disableAllHooks": True, "hooks": {"preToolUse": [entry("cap", "preToolUse")]}}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_disable_all_user_settings", "~/.copilot/settings.json disableAllHooks true; repo hooks present.",
     hooks={"preToolUse": [entry("cap", "preToolUse")]}, scripts={"cap": CAP}, user_settings={"disableAllHooks": True}, turns=[SH, DONE])
case("hc_load_two_files_order", "Two repo hooks files z.json (listed first?) and a.json plus oracle.json, each with a capture preToolUse.",
     hooks={"preToolUse": [entry("cap", "oracle")]}, scripts={"cap": CAP},
     extra_hook_files={"z.json": _j.dumps({"version": 1, "hooks": {"preToolUse": [entry("cap", "z")]}}), "a.json": _j.dumps({"version": 1, "hooks": {"preToolUse": [entry("cap", "a")]}})}, turns=[SH, DONE])
case("hc_load_all_sources_order", "preToolUse captures in repo (.github/hooks), ~/.copilot/hooks, ~/.copilot/settings.json and .claude/settings.json: order.",
     hooks={"preToolUse": [entry("cap", "repo")]}, scripts={"cap": CAP},
     user_settings={"hooks": {"preToolUse": [entry("cap", "settings")]}},
     home_files={".copilot/hooks/u.json": _j.dumps({"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "{{HOOKS}}/cap.sh userdir"}]}})},
     files={".claude/settings.json": _j.dumps({"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "{{HOOKS}}/cap.sh claude"}]}]}})}, turns=[SH, DONE])
case("hc_load_timeouts", "preToolUse entries with timeoutSec '5' (string), 0, -1, 1.5 and none; each captures.",
     hooks={"preToolUse": [entry("cap", "t_str", timeoutSec="5"), entry("cap", "t_zero", timeoutSec=0), entry("cap", "t_neg", timeoutSec=-1), entry("cap", "t_frac", timeoutSec=1.5), entry("cap", "t_none")]}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_env_values", "preToolUse entry env with a number, a bool and a string; cwd absolute.",
     hooks={"preToolUse": [entry("cap", "env_types", env={"NUM": 5, "BOOL": True, "STR": "s"}, cwd="{{HOME}}"), entry("cap", "after")]}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_cwd_missing", "preToolUse entry with cwd 'nope' (missing directory).",
     hooks={"preToolUse": [entry("cap", "cwd_missing", cwd="nope"), entry("cap", "after")]}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_matcher_empty", "preToolUse entry with matcher '' beside a capture.",
     hooks={"preToolUse": [entry("cap", "empty_matcher", matcher=""), entry("cap", "after")]}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_subdir_file", ".github/hooks/sub/x.json (nested folder) and .github/hooks/y.txt: loaded?",
     hooks={"sessionStart": [entry("cap", "oracle")]}, scripts={"cap": CAP},
     extra_hook_files={"sub/x.json": _j.dumps({"version": 1, "hooks": {"sessionStart": [entry("cap", "nested_dir")]}}), "y.txt": _j.dumps({"version": 1, "hooks": {"sessionStart": [entry("cap", "txt_file")]}})}, turns=[DONE])
case("hc_load_settings_pascal", "~/.copilot/settings.json hooks with PascalCase PreToolUse (untrusted folder).",
     hooks_location="user-settings", trust="none", hooks={"PreToolUse": [entry("cap", "PreToolUse")]}, scripts={"cap": CAP}, turns=[SH, DONE])
case("hc_load_git_subdir", "git repo; copilot started in proj/sub: are .github/hooks of the repo root loaded, and where do hooks run?",
     hooks={"preToolUse": [entry("cap", "preToolUse")], "sessionStart": [entry("cap", "sessionStart")]}, scripts={"cap": CAP}, git_init=True, cwd_sub="sub", turns=[SH, DONE])
case("hc_load_nongit_subdir", "No git repo; copilot started in proj/sub: are proj/.github/hooks loaded?",
     hooks={"sessionStart": [entry("cap", "sessionStart")]}, scripts={"cap": CAP}, cwd_sub="sub", turns=[DONE])
# ---- Claude settings files read by Copilot
CL = lambda label: _j.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "{{HOOKS}}/cap.sh " + label}]}]}})
case("hc_claude_local_settings", ".claude/settings.local.json with a Claude PreToolUse hook (and .claude/settings.json with another).",
     hooks={"sessionStart": [entry("cap", "sessionStart")]}, scripts={"cap": CAP},
     files={".claude/settings.local.json": CL("claude_local"), ".claude/settings.json": CL("claude_project")}, turns=[SH, DONE])
case("hc_claude_user_settings", "~/.claude/settings.json with a Claude PreToolUse hook.",
     hooks={"sessionStart": [entry("cap", "sessionStart")]}, scripts={"cap": CAP}, home_files={".claude/settings.json": CL("claude_user")}, turns=[SH, DONE])
case("hc_claude_untrusted", "Untrusted folder: .claude/settings.json Claude hook and a user-dir copilot hook.",
     trust="none", scripts={"cap": CAP}, files={".claude/settings.json": CL("claude_project")},
     home_files={".copilot/hooks/u.json": _j.dumps({"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "{{HOOKS}}/cap.sh userdir"}]}})}, turns=[SH, DONE])
case("hc_claude_events_payloads", ".claude/settings.json with Claude hooks on SessionStart, UserPromptSubmit, PostToolUse, Stop, SessionEnd, Notification: which fire, which payloads, which env?",
     hooks={"sessionStart": [entry("cap", "copilot_sessionStart")]}, scripts={"cap": CAP},
     files={".claude/settings.json": _j.dumps({"hooks": {e: [{"hooks": [{"type": "command", "command": "{{HOOKS}}/cap.sh claude_" + e}]}] for e in ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd", "Notification", "SubagentStop", "PreCompact"]}})}, turns=[SH, DONE])
case("hc_claude_deny_exit2", ".claude/settings.json Claude PreToolUse hook exits 2 with stderr (Claude's block).",
     scripts={"cap": CAP, "deny2": "echo CLAUDE-EXIT2-REASON >&2\nexit 2\n"},
     files={".claude/settings.json": _j.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "{{HOOKS}}/deny2.sh"}]}]}})}, turns=[SH, DONE])
case("hc_claude_disable_all", ".claude/settings.json with disableAllHooks true and a Claude PreToolUse hook; a repo copilot hook too.",
     hooks={"preToolUse": [entry("cap", "copilot_pre")]}, scripts={"cap": CAP},
     files={".claude/settings.json": _j.dumps({"disableAllHooks": True, "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "{{HOOKS}}/cap.sh claude_pre"}]}]}})}, turns=[SH, DONE])
