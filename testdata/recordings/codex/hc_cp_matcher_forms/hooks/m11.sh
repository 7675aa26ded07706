#!/bin/bash
. "$(dirname "$0")/_capture.sh" m11
exit 0
