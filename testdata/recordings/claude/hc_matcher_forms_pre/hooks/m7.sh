#!/bin/bash
. "$(dirname "$0")/_capture.sh" m7
exit 0
