#!/bin/bash
. "$(dirname "$0")/_capture.sh" m35
exit 0
