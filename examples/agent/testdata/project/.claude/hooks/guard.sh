#!/bin/sh
# Claude Code PreToolUse guard: exit 2 blocks the call, stderr is the reason.
case "$(cat)" in
*'rm -rf'*) echo "rm -rf is not allowed in this project" >&2; exit 2 ;;
esac
exit 0
