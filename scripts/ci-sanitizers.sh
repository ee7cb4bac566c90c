#!/usr/bin/env bash
# The whole suite under AddressSanitizer (leaks too, but for those scripts/lsan-suppressions.txt
# lists: other libraries'), then a minute of libFuzzer on each reader (scripts/fuzz.sh). Meant
# for .ci/run once a clean run of it on the merged code is recorded; each step says how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || PATH="/opt/swift/usr/bin:$PATH"

step() {
    local start=$SECONDS
    echo "== $*" >&2
    "$@"
    echo "== $* took $((SECONDS - start)) s" >&2
}

export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
step swift test --scratch-path .build/asan --sanitize=address
step scripts/fuzz.sh "${1:-60}"
