#!/bin/bash
. "$(dirname "$0")/_capture.sh" m02
exit 0
