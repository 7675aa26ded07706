#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
sleep 5 & wait $!
exit 0
