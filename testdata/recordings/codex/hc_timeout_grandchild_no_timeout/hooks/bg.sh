#!/bin/bash
. "$(dirname "$0")/_capture.sh" bg
export P=$PWD
setsid bash -c 'sleep 1; echo GC-ALIVE > "$P/gc-setsid.txt"' </dev/null >/dev/null 2>&1 &
( sleep 1; echo SUB-ALIVE > "$P/gc-sub.txt" ) </dev/null >/dev/null 2>&1 &
exit 0
