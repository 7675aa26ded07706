#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
exit 2
