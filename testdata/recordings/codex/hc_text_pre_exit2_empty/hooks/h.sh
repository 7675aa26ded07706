#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
exit 2
