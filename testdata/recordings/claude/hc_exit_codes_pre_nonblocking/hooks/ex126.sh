#!/bin/bash
. "$(dirname "$0")/_capture.sh" ex126
exit 126
