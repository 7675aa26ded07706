#!/bin/bash
. "$(dirname "$0")/_capture.sh" m14
exit 0
