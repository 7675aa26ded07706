#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
printf '\n  UPS-LINE-1\nUPS-LINE-2  \n\n'
exit 0
