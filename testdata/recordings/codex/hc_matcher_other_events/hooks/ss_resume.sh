#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_resume
exit 0
