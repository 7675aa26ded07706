#!/bin/bash
. "$(dirname "$0")/_capture.sh" r19
exit 0
