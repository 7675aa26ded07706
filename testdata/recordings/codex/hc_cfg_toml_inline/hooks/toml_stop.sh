#!/bin/bash
. "$(dirname "$0")/_capture.sh" toml_stop
exit 0
