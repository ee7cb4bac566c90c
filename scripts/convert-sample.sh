#!/usr/bin/env bash
# The main job on a bundled book: install what is missing, build, and convert the sample EPUB.
# Usage: scripts/convert-sample.sh [OUTPUT.json]   (default: sample-pages.json)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release >&2
output="${1:-sample-pages.json}"
.build/release/book2pages Samples/the-lighthouse-keeper.epub --pretty -o "$output"
echo "Wrote $output: $(grep -c '"type" : "content"' "$output") content pages" >&2
