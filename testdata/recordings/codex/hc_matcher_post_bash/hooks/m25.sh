#!/bin/bash
. "$(dirname "$0")/_capture.sh" m25
exit 0
