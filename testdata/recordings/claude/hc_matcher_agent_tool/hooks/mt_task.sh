#!/bin/bash
. "$(dirname "$0")/_capture.sh" mt_task
exit 0
