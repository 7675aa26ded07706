#!/bin/bash
. "$(dirname "$0")/_capture.sh" m21
exit 0
