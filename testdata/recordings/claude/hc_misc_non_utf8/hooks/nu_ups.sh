#!/bin/bash
. "$(dirname "$0")/_capture.sh" nu_ups
printf 'UPS\xc3\x28TEXT\n'
