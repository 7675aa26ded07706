#!/bin/bash
. "$(dirname "$0")/_capture.sh" m19
exit 0
