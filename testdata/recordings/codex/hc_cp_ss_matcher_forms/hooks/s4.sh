#!/bin/bash
. "$(dirname "$0")/_capture.sh" s4
exit 0
