#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_enabled_only
exit 0
