#!/bin/bash
. "$(dirname "$0")/_capture.sh" h1
exit 0
