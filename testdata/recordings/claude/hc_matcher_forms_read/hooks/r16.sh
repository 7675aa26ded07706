#!/bin/bash
. "$(dirname "$0")/_capture.sh" r16
exit 0
