#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_default
exit 0
