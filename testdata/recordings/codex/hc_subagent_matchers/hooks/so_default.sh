#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_default
exit 0
