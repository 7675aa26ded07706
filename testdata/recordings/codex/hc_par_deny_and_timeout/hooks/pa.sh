#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
sleep 5 & wait $!
exit 0
