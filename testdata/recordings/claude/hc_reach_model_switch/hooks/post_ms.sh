#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_ms
echo 'POST-MS-STDOUT'
