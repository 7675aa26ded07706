#!/bin/bash
. "$(dirname "$0")/_capture.sh" shdef
exit 0
