#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre

exit 0
