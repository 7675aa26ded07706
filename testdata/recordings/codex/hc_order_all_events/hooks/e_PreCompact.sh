#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_PreCompact
exit 0
