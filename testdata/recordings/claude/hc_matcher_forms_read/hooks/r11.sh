#!/bin/bash
. "$(dirname "$0")/_capture.sh" r11
exit 0
