#!/bin/bash
. "$(dirname "$0")/_capture.sh" allpost
exit 0
