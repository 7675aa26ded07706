#!/bin/bash
. "$(dirname "$0")/_capture.sh" m_no
exit 0
