#!/bin/bash
. "$(dirname "$0")/_capture.sh" se1
exit 0
