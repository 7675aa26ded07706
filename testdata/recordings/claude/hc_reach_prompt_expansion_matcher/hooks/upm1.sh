#!/bin/bash
. "$(dirname "$0")/_capture.sh" upm1
exit 0
