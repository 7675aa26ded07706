#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_nm
exit 0
