#!/bin/bash
. "$(dirname "$0")/_capture.sh" setup_m_star
exit 0
