#!/bin/bash
. "$(dirname "$0")/_capture.sh" toml_pre
exit 0
