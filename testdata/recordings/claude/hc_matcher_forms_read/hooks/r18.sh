#!/bin/bash
. "$(dirname "$0")/_capture.sh" r18
exit 0
