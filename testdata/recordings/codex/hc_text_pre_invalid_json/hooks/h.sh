#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
echo '{bad'
exit 0
