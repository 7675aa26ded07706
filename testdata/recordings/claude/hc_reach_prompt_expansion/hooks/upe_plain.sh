#!/bin/bash
. "$(dirname "$0")/_capture.sh" upe_plain
echo 'UPE-PLAIN'
