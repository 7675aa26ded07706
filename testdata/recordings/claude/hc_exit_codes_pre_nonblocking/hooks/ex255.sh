#!/bin/bash
. "$(dirname "$0")/_capture.sh" ex255
exit 255
