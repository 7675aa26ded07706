#!/bin/bash
. "$(dirname "$0")/_capture.sh" m33
exit 0
