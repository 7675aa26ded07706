#!/bin/bash
. "$(dirname "$0")/_capture.sh" same
exit 0
