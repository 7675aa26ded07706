#!/bin/bash
. "$(dirname "$0")/_capture.sh" upm0
exit 0
