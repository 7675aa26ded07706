#!/bin/bash
. "$(dirname "$0")/_capture.sh" missing
no-such-checker-abc
