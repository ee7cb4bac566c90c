#!/usr/bin/env bash
# The whole suite under AddressSanitizer (leaks too, but for those scripts/lsan-suppressions.txt
# lists: other libraries'), then SECONDS (default 60) of libFuzzer on each of the EPUB reader,
# the Markdown reader and the whole conversion (scripts/fuzz.sh); .ci/run runs it after
# scripts/test.sh. Each step says how long it took.
# ASAN_SCRATCH_PATH and FUZZ_SCRATCH_PATH choose where the two builds go.
#
#   scripts/ci-sanitizers.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || PATH="/opt/swift/usr/bin:$PATH"

export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
asan=(--scratch-path "${ASAN_SCRATCH_PATH:-.build/asan}" --sanitize=address)
scripts/timed.sh swift build --build-tests "${asan[@]}"
# The suite's tests that repeat whole-corpus conversions read this and are skipped in this pass,
# counted at its end with the others skipped.
BOOK2PAGES_SANITIZER_PASS=1 scripts/timed.sh scripts/swift-test.sh --skip-build "${asan[@]}"
scripts/timed.sh scripts/fuzz.sh "${1:-60}"
