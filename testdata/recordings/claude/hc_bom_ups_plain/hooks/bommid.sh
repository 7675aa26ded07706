#!/bin/bash
. "$(dirname "$0")/_capture.sh" bommid
printf 'MID\xef\xbb\xbfBOM\n'
