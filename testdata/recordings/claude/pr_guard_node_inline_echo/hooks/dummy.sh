#!/bin/bash
. "$(dirname "$0")/_capture.sh" dummy
exit 0
