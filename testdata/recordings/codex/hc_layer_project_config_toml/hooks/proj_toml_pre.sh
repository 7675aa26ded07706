#!/bin/bash
. "$(dirname "$0")/_capture.sh" proj_toml_pre
exit 0
