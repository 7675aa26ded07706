#!/bin/bash
. "$(dirname "$0")/_capture.sh" m22
exit 0
