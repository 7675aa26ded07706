#!/bin/bash
. "$(dirname "$0")/_capture.sh" shb
exit 0
