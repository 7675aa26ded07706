#!/bin/bash
. "$(dirname "$0")/_capture.sh" m4
exit 0
