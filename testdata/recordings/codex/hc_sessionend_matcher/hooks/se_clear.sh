#!/bin/bash
. "$(dirname "$0")/_capture.sh" se_clear
exit 0
