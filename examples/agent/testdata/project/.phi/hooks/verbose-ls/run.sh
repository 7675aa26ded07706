#!/bin/sh
# Phi pre_tool hook: rewrite a bare "ls" into "ls -la".
if grep -q '"command":"ls"'; then
  echo '{"action":"modify","input":{"command":"ls -la"},"context":"ls was made verbose by a Phi hook"}'
else
  echo '{"action":"allow"}'
fi
