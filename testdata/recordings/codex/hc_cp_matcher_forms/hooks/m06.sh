#!/bin/bash
. "$(dirname "$0")/_capture.sh" m06
exit 0
