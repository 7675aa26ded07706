#!/bin/bash
. "$(dirname "$0")/_capture.sh" if_star
exit 0
