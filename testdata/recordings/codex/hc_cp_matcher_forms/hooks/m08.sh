#!/bin/bash
. "$(dirname "$0")/_capture.sh" m08
exit 0
