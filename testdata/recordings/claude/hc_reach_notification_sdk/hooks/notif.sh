#!/bin/bash
. "$(dirname "$0")/_capture.sh" notif
exit 0
