from gen_hc import *
# exploratory: sub-agent, compaction, notification, permission requests, ask, Claude settings
case("hc_x_subagent_camel", "The model calls task (agent_type task) with a prompt containing SUBAGENT-A; the sub-agent runs one bash call and answers; capture every camelCase event.",
     hooks=all_events(CAMEL), scripts={"cap": CAP},
     turns=[turn(call("task", name="helper", description="do sub work", agent_type="task", prompt="SUBAGENT-A: run echo SUB")), turn(text("all done"))],
     agents=[{"match": "SUBAGENT-A", "turns": [turn(shell("echo SUB | tee -a sub.log", "append SUB")), turn(text("sub done"))]}])
case("hc_x_subagent_pascal", "As hc_x_subagent_camel with PascalCase keys.",
     hooks=all_events(PASCAL), scripts={"cap": CAP},
     turns=[turn(call("task", name="helper", description="do sub work", agent_type="task", prompt="SUBAGENT-A: run echo SUB")), turn(text("all done"))],
     agents=[{"match": "SUBAGENT-A", "turns": [turn(shell("echo SUB | tee -a sub.log", "append SUB")), turn(text("sub done"))]}])
case("hc_x_compact_usage", "Turn 0 reports 195000 prompt tokens (usage) with a bash call; does auto compaction run, firing preCompact?",
     hooks=all_events(CAMEL), scripts={"cap": CAP},
     turns=[turn(shell("echo RAN | tee -a ran.log"), usage={"prompt_tokens": 195000, "completion_tokens": 5, "total_tokens": 195005}), turn(text("done"))])
case("hc_x_compact_slash", "Prompt /compact in -p mode: does it compact and fire preCompact (trigger manual)?",
     hooks=all_events(CAMEL), scripts={"cap": CAP}, prompt="/compact",
     turns=[turn(text("summary")), turn(text("done"))])
case("hc_x_async_shell", "Turn 0 runs an async bash (sleep 2; echo BG); turn 1 answers; does a notification hook fire when it completes?",
     hooks=all_events(CAMEL), scripts={"cap": CAP},
     turns=[turn(shell("sleep 2; echo BG-DONE | tee -a bg.log", "background job", mode="async")), turn(text("waiting")), turn(text("seen it"))])
case("hc_x_perm_none_allow", "No --allow-all (permissions []): a permissionRequest hook answers behavior allow for bash.",
     hooks={"permissionRequest": [entry("allow")], "preToolUse": [entry("cap", "preToolUse")]},
     scripts={"cap": CAP, "allow": 'echo \'{"behavior":"allow"}\'\n'}, permissions=[],
     turns=[turn(shell("echo RAN | tee -a ran.log")), turn(text("done"))])
case("hc_x_perm_none_nohook", "No --allow-all (permissions []) and no permissionRequest hook: what happens to bash?",
     hooks={"preToolUse": [entry("cap", "preToolUse")], "postToolUse": [entry("cap", "postToolUse")]},
     scripts={"cap": CAP}, permissions=[],
     turns=[turn(shell("echo RAN | tee -a ran.log")), turn(text("done"))])
case("hc_x_perm_allowall_deny", "--allow-all: a permissionRequest hook answers behavior deny with a message.",
     hooks={"permissionRequest": [entry("deny")]},
     scripts={"deny": 'echo \'{"behavior":"deny","message":"PERM-DENIED-X"}\'\n'},
     turns=[turn(shell("echo RAN | tee -a ran.log")), turn(text("done"))])
case("hc_x_pre_ask", "preToolUse answers permissionDecision ask with a reason, under --allow-all.",
     hooks={"preToolUse": [entry("ask")], "permissionRequest": [entry("cap", "permissionRequest")]},
     scripts={"cap": CAP, "ask": 'echo \'{"permissionDecision":"ask","permissionDecisionReason":"ASK-X"}\'\n'},
     turns=[turn(shell("echo RAN | tee -a ran.log")), turn(text("done"))])
case("hc_x_claude_settings", "The project has .claude/settings.json with a PreToolUse Claude hook that denies: does Copilot run Claude's hooks?",
     hooks={"sessionStart": [entry("cap", "sessionStart")]}, scripts={"cap": CAP},
     files={".claude/settings.json": json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "{{HOOKS}}/cap.sh claudePreToolUse; echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"CLAUDE-DENY\"}}'"}]}]}})},
     turns=[turn(shell("echo RAN | tee -a ran.log")), turn(text("done"))])
