#!/bin/bash
. "$(dirname "$0")/_capture.sh" m03
exit 0
