#!/usr/bin/env bash
# Fuzzes the EPUB and Markdown readers with libFuzzer, SECONDS each (default 60), one after the
# other; exits non-zero when either finds a crash, a hang or a leak-free out-of-memory, and keeps
# the input that did it under fuzz-crashes/ (replay it with the ordinary build:
# `swift build && .build/debug/EPUBFuzzer fuzz-crashes/epub-crash-…`).
#
# The fuzz entries (Fuzz/EPUBFuzzer, Fuzz/MarkdownFuzzer) are built with -sanitize=fuzzer,address
# (optimized: several times the executions per second of a debug build) into their own scratch
# path, and seeded from Samples/ and the hostile corpus. The EPUB fuzzer
# gets two kinds of seed: whole EPUB files, and the package, a chapter and the navigation
# document joined by "\0---\0", which it zips into a well-formed book (see EPUBFuzzer.swift).
#
#   scripts/fuzz.sh [SECONDS]
#   FUZZ_SCRATCH_PATH=/tmp/fuzz-build scripts/fuzz.sh 30
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || PATH="/opt/swift/usr/bin:$PATH"
seconds="${1:-60}"
scratch="${FUZZ_SCRATCH_PATH:-.build/fuzz}"
artifacts="$PWD/fuzz-crashes"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One -sanitize= flag with both: swiftc keeps only the last of several, and SwiftPM passes
# --sanitize=fuzzer --sanitize=address as two (which compiles without coverage counters).
build=(swift build -c release --scratch-path "$scratch" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING)
"${build[@]}" --product EPUBFuzzer
"${build[@]}" --product MarkdownFuzzer
bin="$("${build[@]}" --show-bin-path)"

# Seeds.
python3 scripts/make-hostile-corpus.py "$work/hostile" >/dev/null
mkdir -p "$work/epub-seeds" "$work/markdown-seeds" "$work/epub-found" "$work/markdown-found" "$artifacts"
cp Samples/*.epub "$work/epub-seeds/"
find "$work/hostile" -name '*.epub' -size -64k -exec cp {} "$work/epub-seeds/" \;
python3 - "$work/epub-seeds" <<'PYTHON'
import glob, os, sys, zipfile
separator = b"\0---\0"
books = sorted(glob.glob("Samples/*.epub")) + sorted(glob.glob(os.path.join(sys.argv[1], "*.epub")))
for index, book in enumerate(books):
    try:
        archive = zipfile.ZipFile(book)
        names = archive.namelist()
        package = next(n for n in names if n.endswith(".opf"))
        chapters = [n for n in names if n.endswith((".xhtml", ".html")) and "nav" not in n]
        navs = [n for n in names if "nav" in n and n.endswith(".xhtml")] or chapters
        parts = [archive.read(package), archive.read(chapters[0]), archive.read(navs[0])]
    except Exception:
        continue  # a damaged case has no parts to take
    with open(os.path.join(sys.argv[1], f"parts-{index}"), "wb") as seed:
        seed.write(separator.join(parts))
PYTHON
cp Samples/the-clockmakers-garden/*.md "$work/markdown-seeds/"
find "$work/hostile" -name '*.md' -size -64k -exec cp {} "$work/markdown-seeds/" \;

# -rss_limit_mb: the readers' own limits keep a book far below it; passing it is a finding.
fuzz() {
    local name="$1" found="$2" seeds="$3"
    echo "Fuzzing $name for $seconds s" >&2
    "$bin/$name" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=1024 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$artifacts/${name%Fuzzer}-" "$found" "$seeds" >"$work/$name.log" 2>&1 \
        || { tail -n 60 "$work/$name.log" >&2; echo "$name found a failure; the input is in $artifacts" >&2; return 1; }
    grep -E "files found in|^stat::(number_of_executed_units|new_units_added|peak_rss_mb)" "$work/$name.log" >&2 || true
    # Without coverage counters libFuzzer only throws random bytes: not the fuzzing asked for.
    grep -q "INFO: Loaded 1 modules" "$work/$name.log" || { echo "$name is not instrumented for coverage" >&2; return 1; }
}
status=0
fuzz EPUBFuzzer "$work/epub-found" "$work/epub-seeds" || status=1
fuzz MarkdownFuzzer "$work/markdown-found" "$work/markdown-seeds" || status=1
exit "$status"
