#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_toml_modified
exit 0
