#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_all
exit 0
