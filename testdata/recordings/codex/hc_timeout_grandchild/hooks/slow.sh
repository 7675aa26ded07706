#!/bin/bash
. "$(dirname "$0")/_capture.sh" slow
export P=$PWD
setsid bash -c 'sleep 2; echo GC-ALIVE > "$P/gc-setsid.txt"' </dev/null >/dev/null 2>&1 &
( sleep 2; echo SUB-ALIVE > "$P/gc-sub.txt" ) </dev/null >/dev/null 2>&1 &
sleep 10
exit 0
