#!/bin/bash
. "$(dirname "$0")/_capture.sh" se0
exit 0
