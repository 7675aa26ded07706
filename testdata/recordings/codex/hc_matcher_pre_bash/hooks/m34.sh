#!/bin/bash
. "$(dirname "$0")/_capture.sh" m34
exit 0
