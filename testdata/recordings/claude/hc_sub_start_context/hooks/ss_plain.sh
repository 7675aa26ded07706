#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_plain
echo 'SUBSTART-PLAIN-STDOUT'
