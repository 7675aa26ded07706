#!/bin/bash
. "$(dirname "$0")/_capture.sh" m07
exit 0
