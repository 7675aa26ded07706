#!/bin/bash
. "$(dirname "$0")/_capture.sh" m30
exit 0
