#!/bin/bash
. "$(dirname "$0")/_capture.sh" managed_pre
exit 0
