#!/bin/bash
. "$(dirname "$0")/_capture.sh" crlf
printf 'Blocked: writes outside src/\r\nSee policy.\r\n' >&2
exit 2
