#!/bin/bash
. "$(dirname "$0")/_capture.sh" r9
exit 0
