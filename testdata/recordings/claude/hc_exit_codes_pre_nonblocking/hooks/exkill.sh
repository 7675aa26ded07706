#!/bin/bash
. "$(dirname "$0")/_capture.sh" exkill
kill -KILL $$
