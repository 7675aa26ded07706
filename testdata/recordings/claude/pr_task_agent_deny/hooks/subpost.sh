#!/bin/bash
. "$(dirname "$0")/_capture.sh" subpost
exit 0
