#!/bin/bash
. "$(dirname "$0")/_capture.sh" m24
exit 0
