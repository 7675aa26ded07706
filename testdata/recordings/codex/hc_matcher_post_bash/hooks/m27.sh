#!/bin/bash
. "$(dirname "$0")/_capture.sh" m27
exit 0
