#!/bin/bash
. "$(dirname "$0")/_capture.sh" m37
exit 0
