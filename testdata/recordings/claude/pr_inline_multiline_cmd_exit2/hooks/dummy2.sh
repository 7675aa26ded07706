#!/bin/bash
. "$(dirname "$0")/_capture.sh" dummy2
exit 0
