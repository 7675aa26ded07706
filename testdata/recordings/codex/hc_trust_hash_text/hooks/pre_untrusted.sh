#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_untrusted
exit 0
