#!/bin/bash
. "$(dirname "$0")/_capture.sh" postw
exit 0
