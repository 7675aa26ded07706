#!/bin/bash
. "$(dirname "$0")/_capture.sh" m29
exit 0
