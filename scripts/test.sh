#!/usr/bin/env bash
# The whole test suite on a fresh machine: install what is missing, build, run every test.
# The corpus tests run when ../shared/corpus exists beside the repository, and say so when not.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
swift build
swift test
