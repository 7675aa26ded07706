#!/bin/bash
. "$(dirname "$0")/_capture.sh" if_ls
exit 0
