#!/bin/bash
. "$(dirname "$0")/_capture.sh" setup_m_init
exit 0
