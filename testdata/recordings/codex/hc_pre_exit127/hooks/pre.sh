#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
nonexistent-command-xyz
