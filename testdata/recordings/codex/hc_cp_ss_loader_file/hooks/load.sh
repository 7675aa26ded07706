#!/bin/bash
. "$(dirname "$0")/_capture.sh" load
cat NOTES.md
exit 0
