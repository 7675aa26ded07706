#!/bin/bash
. "$(dirname "$0")/_capture.sh" ok
exit 0
