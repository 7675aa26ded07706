#!/bin/bash
. "$(dirname "$0")/_capture.sh" m_abs
exit 0
