#!/bin/bash
. "$(dirname "$0")/_capture.sh" se_all
exit 0
