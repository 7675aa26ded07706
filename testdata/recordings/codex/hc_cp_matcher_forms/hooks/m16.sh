#!/bin/bash
. "$(dirname "$0")/_capture.sh" m16
exit 0
