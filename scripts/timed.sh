#!/usr/bin/env bash
# Runs a command and says how long it took, on standard error: CI's steps each report their own
# time, so a slow one shows in the log.
#
#   scripts/timed.sh COMMAND [ARGUMENTS...]
set -uo pipefail
start=$SECONDS
echo "== $*" >&2
"$@"
status=$?
echo "== $* took $((SECONDS - start)) s (exit $status)" >&2
exit "$status"
