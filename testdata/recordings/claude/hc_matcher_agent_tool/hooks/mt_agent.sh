#!/bin/bash
. "$(dirname "$0")/_capture.sh" mt_agent
exit 0
