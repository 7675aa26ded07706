#!/bin/bash
. "$(dirname "$0")/_capture.sh" ev
exit 0
