#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_SessionEnd
exit 0
