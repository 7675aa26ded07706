#!/bin/bash
. "$(dirname "$0")/_capture.sh" ex127
exit 127
