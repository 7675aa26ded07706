#!/bin/bash
. "$(dirname "$0")/_capture.sh" proj
exit 0
