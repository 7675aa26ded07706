#!/bin/bash
. "$(dirname "$0")/_capture.sh" big_post
exit 0
