#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_nm
exit 0
