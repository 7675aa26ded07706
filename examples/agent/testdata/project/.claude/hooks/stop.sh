#!/bin/sh
# Claude Code Stop hook: send the agent back once to run the tests.
if grep -q '"stop_hook_active":true'; then
  exit 0
fi
echo '{"decision":"block","reason":"Run make test before you stop."}'
