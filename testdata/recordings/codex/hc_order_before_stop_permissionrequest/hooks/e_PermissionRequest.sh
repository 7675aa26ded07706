#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_PermissionRequest
exit 0
