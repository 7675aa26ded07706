#!/bin/bash
. "$(dirname "$0")/_capture.sh" r17
exit 0
