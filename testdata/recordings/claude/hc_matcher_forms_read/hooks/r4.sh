#!/bin/bash
. "$(dirname "$0")/_capture.sh" r4
exit 0
