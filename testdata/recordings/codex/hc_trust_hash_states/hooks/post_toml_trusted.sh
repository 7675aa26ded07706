#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_toml_trusted
exit 0
