#!/bin/bash
. "$(dirname "$0")/_capture.sh" m20
exit 0
