#!/bin/bash
. "$(dirname "$0")/_capture.sh" bogus
exit 0
