#!/usr/bin/env bash
# The main job on a bundled book: install what is missing, build, and convert the sample EPUB.
# Usage: scripts/convert-sample.sh [OUTPUT.json]   (default: sample-pages.json)
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's Linux tarballs install under /opt/swift; use it when swift is not on PATH yet.
command -v swift >/dev/null 2>&1 || PATH="/opt/swift/usr/bin:$PATH"
scripts/install-deps.sh
swift build -c release >&2
output="${1:-sample-pages.json}"
.build/release/book2pages Samples/the-lighthouse-keeper.epub --pretty -o "$output"
pages=$(grep -c '"type" : "content"' "$output")
echo "Wrote $output: $pages content pages. The first one reads:" >&2
echo >&2
# The pretty JSON keeps each page's text on one line, with its line breaks as \n.
first=$(grep -m 1 '"text" : ' "$output" | sed 's/^ *"text" : "//; s/",\{0,1\}$//')
printf '%b\n' "$first" | sed 's/^/    | /' >&2
