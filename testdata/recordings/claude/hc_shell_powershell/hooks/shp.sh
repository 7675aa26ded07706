#!/bin/bash
. "$(dirname "$0")/_capture.sh" shp
exit 0
