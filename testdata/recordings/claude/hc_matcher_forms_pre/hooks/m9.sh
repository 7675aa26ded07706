#!/bin/bash
. "$(dirname "$0")/_capture.sh" m9
exit 0
