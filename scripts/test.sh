#!/usr/bin/env bash
# The whole test suite on a fresh machine: install what is missing, build, run every test.
# The corpus tests run when ../shared/corpus exists beside the repository, and are reported
# skipped, with the reason, when not; the run ends by counting the skipped tests (scripts/swift-test.sh).
# Extra arguments go to `swift test` (`scripts/test.sh --filter LineFitTests`).
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's Linux tarballs install under /opt/swift; use it when swift is not on PATH yet.
command -v swift >/dev/null 2>&1 || PATH="/opt/swift/usr/bin:$PATH"
scripts/install-deps.sh --test
swift build
# The release build too: the corpus-wide determinism test runs it (forty batches of the corpus).
swift build -c release --product book2pages
scripts/swift-test.sh "$@"
