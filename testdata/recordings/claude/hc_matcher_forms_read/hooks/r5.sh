#!/bin/bash
. "$(dirname "$0")/_capture.sh" r5
exit 0
