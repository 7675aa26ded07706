#!/bin/bash
. "$(dirname "$0")/_capture.sh" r12
exit 0
