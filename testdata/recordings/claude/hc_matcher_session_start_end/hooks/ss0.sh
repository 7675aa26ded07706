#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss0
exit 0
