#!/bin/bash
. "$(dirname "$0")/_capture.sh" se
exit 0
