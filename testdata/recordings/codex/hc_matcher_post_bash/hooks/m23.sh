#!/bin/bash
. "$(dirname "$0")/_capture.sh" m23
exit 0
