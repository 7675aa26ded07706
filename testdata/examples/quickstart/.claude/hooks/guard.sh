#!/bin/sh
# PreToolUse guard for the Bash tool.
#
# Claude Code writes the tool call as JSON on stdin, for example
#   {"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"},...}
# Exit 2 denies the call and what is written on stderr is the reason the
# model sees. Exit 0 lets the call through.
input=$(cat)
case "$input" in
*'"command"'*'rm -rf'* | *'"command"'*'rm -fr'*)
	echo "guard.sh: 'rm -rf' is not allowed here; delete specific files instead" >&2
	exit 2
	;;
esac
exit 0
