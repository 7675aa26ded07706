#!/bin/bash
. "$(dirname "$0")/_capture.sh" m36
exit 0
