#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss7
exit 0
