#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_all
exit 0
