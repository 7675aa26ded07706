#!/bin/bash
. "$(dirname "$0")/_capture.sh" l_hook
exit 0
