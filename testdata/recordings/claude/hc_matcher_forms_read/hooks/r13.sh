#!/bin/bash
. "$(dirname "$0")/_capture.sh" r13
exit 0
