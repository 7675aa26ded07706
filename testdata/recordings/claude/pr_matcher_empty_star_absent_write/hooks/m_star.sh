#!/bin/bash
. "$(dirname "$0")/_capture.sh" m_star
cat <<'__JSON__'
{"continue": true}
__JSON__
