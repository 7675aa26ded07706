#!/bin/bash
. "$(dirname "$0")/_capture.sh" m8
exit 0
