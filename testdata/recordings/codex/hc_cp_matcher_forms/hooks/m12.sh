#!/bin/bash
. "$(dirname "$0")/_capture.sh" m12
exit 0
