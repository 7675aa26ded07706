#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
# Interrupt the turn as Ctrl-C would: SIGINT to codex (the hook's parent),
# 1.5 s later, while the shell call runs. Only a parent named codex is
# signalled (a replay's parent is not codex).
CODEX_PID=$PPID
if [ "$(cat /proc/$CODEX_PID/comm 2>/dev/null)" = codex ]; then
  ( sleep 1.5; kill -INT "$CODEX_PID" ) >/dev/null 2>&1 </dev/null &
fi
exit 0
