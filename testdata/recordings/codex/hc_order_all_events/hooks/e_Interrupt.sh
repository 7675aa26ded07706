#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_Interrupt
exit 0
