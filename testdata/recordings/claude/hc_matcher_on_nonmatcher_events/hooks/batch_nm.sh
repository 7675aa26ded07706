#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch_nm
exit 0
