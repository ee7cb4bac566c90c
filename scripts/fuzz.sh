#!/usr/bin/env bash
# Fuzzes with libFuzzer, SECONDS each (default 60), one after the other: the EPUB reader, the
# Markdown reader, and the whole conversion (reader, layout with the real fonts, page list and
# JSON writer); NAME… (EPUB, Markdown, Conversion) runs only those. Exits non-zero when any finds
# a crash, a hang or an out-of-memory, and keeps the input that did it under fuzz-crashes/
# (replay it with the ordinary build: `swift build && .build/debug/EPUBFuzzer
# fuzz-crashes/EPUB-crash-…`; ConversionFuzzer also prints how the input's first byte set the
# conversion up, and how long it took).
#
# The fuzz entries (Fuzz/EPUBFuzzer, Fuzz/MarkdownFuzzer, Fuzz/ConversionFuzzer) are built with
# -sanitize=fuzzer,address (optimized: several times the executions per second of a debug
# build) into their own scratch path, and seeded from Samples/ and the hostile corpus. The EPUB
# fuzzer gets two kinds of seed: whole EPUB files, and the package, a chapter and the navigation
# document joined by "\0---\0", which it zips into a well-formed book (see EPUBFuzzer.swift).
# The conversion fuzzer's input is a byte that picks the reader (XHTML or Markdown), the output
# (JSON or JSON Lines), one of four small pages and the target, then the document; its seeds
# (scripts/make-conversion-seeds.py) are also the XHTML chapters of ../shared/corpus's EPUBs
# when that is there, and pathological documents (deep nesting, long words, combining marks,
# bidi controls, tables, footnotes). A single input is a hang past 20 s in a reader, past 10 s
# in a conversion.
#
#   scripts/fuzz.sh [SECONDS [NAME…]]
#   scripts/fuzz.sh 600 Conversion
#   FUZZ_SCRATCH_PATH=/tmp/fuzz-build scripts/fuzz.sh 30
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || PATH="/opt/swift/usr/bin:$PATH"
seconds="${1:-60}"
fuzzers=()
for name in "${@:2}"; do
    case "${name,,}" in
        epub | epubfuzzer) fuzzers+=(EPUBFuzzer) ;;
        markdown | markdownfuzzer) fuzzers+=(MarkdownFuzzer) ;;
        conversion | conversionfuzzer) fuzzers+=(ConversionFuzzer) ;;
        *) echo "usage: scripts/fuzz.sh [SECONDS [EPUB|Markdown|Conversion…]]: no fuzzer $name" >&2; exit 64 ;;
    esac
done
((${#fuzzers[@]})) || fuzzers=(EPUBFuzzer MarkdownFuzzer ConversionFuzzer)
scratch="${FUZZ_SCRATCH_PATH:-.build/fuzz}"
# Leaks at exit but for other libraries' (fontconfig's configuration, which the layout loads):
# as scripts/ci-sanitizers.sh, which sets it for the whole pass.
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0}"
artifacts="$PWD/fuzz-crashes"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One -sanitize= flag with both: swiftc keeps only the last of several, and SwiftPM passes
# --sanitize=fuzzer --sanitize=address as two (which compiles without coverage counters).
build=(swift build -c release --scratch-path "$scratch" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING)
for name in "${fuzzers[@]}"; do "${build[@]}" --product "$name"; done
bin="$("${build[@]}" --show-bin-path)"

# Seeds.
python3 scripts/make-hostile-corpus.py "$work/hostile" >/dev/null
mkdir -p "$work/epub-seeds" "$work/markdown-seeds" "$work/epub-found" "$work/markdown-found" "$work/conversion-found" "$artifacts"
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
# The hostile archives under 64 KiB only: the bombs' chapters are no seeds.
mkdir -p "$work/hostile-small"
find "$work/hostile" -type f -size -64k -exec cp {} "$work/hostile-small/" \;
corpus=()
[[ -d ../shared/corpus/epub ]] && corpus=(../shared/corpus/epub)
python3 scripts/make-conversion-seeds.py "$work/conversion-seeds" Samples/chapter.xhtml Samples/*.epub \
    Samples/the-clockmakers-garden "$work/hostile-small" "${corpus[@]}" >/dev/null

# -rss_limit_mb: the readers' own limits keep a book far below it; passing it is a finding. A
# whole conversion can grow past what its input says (a 40 KB table of one-letter columns lays
# out 4,000 pages), so the conversion fuzzer runs under the command's memory watch, bounded at
# three quarters of its larger limit: a document past the watch is refused, as the command
# refuses it, and passing the limit means the watch did not stop it.
# -timeout: the seconds one input may take before it is a hang.
fuzz() {
    local name="$1" found="$2" seeds="$3" timeout="$4" megabytes="$5"
    shift 5
    echo "Fuzzing $name for $seconds s" >&2
    "$bin/$name" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$megabytes" -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$artifacts/${name%Fuzzer}-" "$@" "$found" "$seeds" >"$work/$name.log" 2>&1 \
        || { tail -n 60 "$work/$name.log" >&2; echo "$name found a failure; the input is in $artifacts" >&2; return 1; }
    grep -E "files found in|^#[0-9]+.*DONE|^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)" \
        "$work/$name.log" >&2 || true
    # Without coverage counters libFuzzer only throws random bytes: not the fuzzing asked for.
    grep -q "INFO: Loaded 1 modules" "$work/$name.log" || { echo "$name is not instrumented for coverage" >&2; return 1; }
}
status=0
for name in "${fuzzers[@]}"; do
    case "$name" in
        EPUBFuzzer) fuzz EPUBFuzzer "$work/epub-found" "$work/epub-seeds" 20 1024 || status=1 ;;
        MarkdownFuzzer) fuzz MarkdownFuzzer "$work/markdown-found" "$work/markdown-seeds" 20 1024 || status=1 ;;
        # -detect_leaks=0: libFuzzer's check after each input sees the pages' JSON of a
        # conversion as leaked while a layout worker's thread, ending, still holds them (a Swift
        # Data points at its bytes by a pointer with tag bits LeakSanitizer does not follow);
        # leaks that outlive the process are still reported at exit.
        ConversionFuzzer)
            fuzz ConversionFuzzer "$work/conversion-found" "$work/conversion-seeds" 10 2048 \
                -dict=Fuzz/ConversionFuzzer/conversion.dict -detect_leaks=0 || status=1 ;;
    esac
done
exit "$status"
