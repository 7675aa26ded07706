#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_PreModelRequest
exit 0
