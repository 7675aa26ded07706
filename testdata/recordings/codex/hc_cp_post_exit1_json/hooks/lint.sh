#!/bin/bash
. "$(dirname "$0")/_capture.sh" lint
nonexistent-linter-xyz --fix
