#!/bin/bash
. "$(dirname "$0")/_capture.sh" t5000
exit 0
