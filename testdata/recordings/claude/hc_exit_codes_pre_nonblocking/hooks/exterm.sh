#!/bin/bash
. "$(dirname "$0")/_capture.sh" exterm
trap - TERM; kill -TERM $$
