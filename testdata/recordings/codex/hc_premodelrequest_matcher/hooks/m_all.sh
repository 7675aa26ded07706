#!/bin/bash
. "$(dirname "$0")/_capture.sh" m_all
exit 0
