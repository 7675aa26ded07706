#!/bin/bash
. "$(dirname "$0")/_capture.sh" r10
exit 0
