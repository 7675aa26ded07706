#!/bin/bash
. "$(dirname "$0")/_capture.sh" r14
exit 0
