#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_PostCompact
exit 0
