#!/bin/bash
. "$(dirname "$0")/_capture.sh" m31
exit 0
