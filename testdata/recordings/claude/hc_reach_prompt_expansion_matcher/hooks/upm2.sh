#!/bin/bash
. "$(dirname "$0")/_capture.sh" upm2
exit 0
