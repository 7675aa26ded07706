#!/bin/bash
. "$(dirname "$0")/_capture.sh" bomplain
printf '\xef\xbb\xbfBOM-PLAIN-TEXT\n'
