#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
echo 'FAIL-PLAIN'
