#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" m_num
exit 0
