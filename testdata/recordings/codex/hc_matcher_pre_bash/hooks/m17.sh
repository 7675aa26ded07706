#!/bin/bash
. "$(dirname "$0")/_capture.sh" m17
exit 0
