#!/bin/bash
. "$(dirname "$0")/_capture.sh" m28
exit 0
