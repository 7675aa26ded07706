#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
exit 0
