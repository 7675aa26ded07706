#!/bin/bash
. "$(dirname "$0")/_capture.sh" m26
exit 0
