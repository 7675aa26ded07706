#!/bin/bash
. "$(dirname "$0")/_capture.sh" uonly
exit 0
