#!/bin/bash
. "$(dirname "$0")/_capture.sh" p
exit 0
