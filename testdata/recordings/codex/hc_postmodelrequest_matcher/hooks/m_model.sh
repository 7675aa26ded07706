#!/bin/bash
. "$(dirname "$0")/_capture.sh" m_model
exit 0
