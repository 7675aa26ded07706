#!/bin/bash
. "$(dirname "$0")/_capture.sh" r2
exit 0
