#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_PostModelRequest
exit 0
