#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" m_lower
exit 0
