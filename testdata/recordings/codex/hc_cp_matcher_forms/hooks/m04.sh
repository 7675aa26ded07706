#!/bin/bash
. "$(dirname "$0")/_capture.sh" m04
exit 0
