#!/usr/bin/env python3
"""phase-profile.py — where one conversion's CPU goes, phase by phase (docs/PERFORMANCE.md).

Needs Linux `perf` (linux-perf / linux-tools), allowed to profile the process
(kernel.perf_event_paranoid <= 2 for user space, or root), and the toolchain's `swift-demangle`
on PATH; a release build of book2pages (`swift build -c release --product book2pages`), whose
debug information perf's DWARF unwinding reads.

    scripts/phase-profile.py [BOOK ...] [--binary PATH] [--runs 3] [--timed-runs 5]
                             [--frequency 2000] [--call-graph dwarf|fp] [--detail N]

For each book (default: the 1x benchmark book, $TMPDIR/book2pages-bench-books/bench-1x.epub,
written by scripts/make-bench-books.py): converts it once untimed (warming the page cache), then
`--timed-runs` times without perf, for the medians of wall and CPU time (user + system, from
wait4()), then `--runs` times under `perf record -g`, every output removed before its run, as
scripts/bench.py does. The samples of the profiled runs are pooled and each is given to one
phase: the innermost frame of its call stack that belongs to a phase decides (see PHASES below),
so a phase's share is inclusive of what it calls (the allocator, the Swift runtime, the kernel,
libc) but not of another phase it calls (total fit asking for a word's width counts as shaping),
and the shares sum to 100%. Samples with no frame of a phase (thread start-up, the runtime's
own threads, a stack perf could not unwind) are the row "unattributed".

Prints, per book, a Markdown table: phase, share of the CPU samples, the CPU milliseconds that
share is of the median CPU time; with --detail N, each phase's N heaviest functions (the frame
that gave the sample its phase). Standard library only, besides perf and swift-demangle.
"""
import argparse
import collections
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_BOOK = os.path.join(tempfile.gettempdir(), "book2pages-bench-books", "bench-1x.epub")

# The phases, in the order a conversion meets them, with what each covers. A frame belongs to a
# phase by its Swift module and type (`MODULES`, `TYPES`) or, for C libraries, its shared object
# (`LIBRARIES`); any other frame (the Swift runtime and standard library, libc, the allocator,
# the kernel, BookModel's values, generic caches) passes the sample on to its caller.
PHASES = [
    ("read", "the archive and its entries: EPUBReader, ZipArchive, libzip, zlib; the package"),
    ("parse", "XML and Markdown into trees: Markup, libxml2, cmark-gfm, MarkdownParser"),
    ("style", "stylesheets, the cascade and the blocks: CSS, XHTMLReader, MarkdownReader"),
    ("segment", "a paragraph's text and its cuts: BlockFlattener (blocks into styled paragraphs, "
                "a face for each character), ParagraphSegmenter, break opportunities (ICU), bidi"),
    ("shape", "measuring: Fonts (TextMeasurer, the width caches), HarfBuzz, FreeType"),
    ("break", "lines: ParagraphSetter, total fit, hyphenation (libhyphen, its caches)"),
    ("paginate", "pages: ChapterLayouter, Paginator, PageAssembler, notes, floats, tables"),
    ("write", "the page list and JSON: PageWriter, PageJSON, the output file"),
    ("free", "freeing the book's model and layout on a thread of its own (BackgroundRelease)"),
    ("set-up", "the process's start, the command line, fontconfig, loading the hyphenation "
               "patterns, the provenance's digests, the memory watch's thread"),
    ("unattributed", "stacks with no frame of a phase"),
]

MODULES = {
    "EPUBReader": "read", "ZipArchive": "read", "CLibZip": "read", "CZlib": "read", "Gzip": "read",
    "FileNames": "read", "ImageSizes": "read",
    "Markup": "parse", "CLibXML2": "parse", "MarkdownParser": "parse", "CCmarkGFM": "parse",
    "YAML": "parse", "CYAML": "parse",
    "CSS": "style", "XHTMLReader": "style", "MarkdownReader": "style", "LanguageGuess": "style",
    "CTextCat": "style",
    "CLineBreak": "segment", "CBidi": "segment",
    "Fonts": "shape", "CHarfBuzz": "shape", "CFreeType": "shape", "MathLayout": "shape",
    "Hyphenation": "break", "CHyphen": "break",
    "Layout": "paginate", "PageFormat": None,
    "PageJSON": "write", "PageWriter": "write",
    "CommandLineInterface": "set-up", "CFontconfig": "set-up", "ProcessMemory": "set-up",
    "Digest": None, "CCrypto": None,
    "BookModel": None, "Targets": None,
}

# Types of a module that belong to another phase than the module's (or to none).
TYPES = {
    ("Layout", "BlockFlattener"): "segment", ("Layout", "StyledParagraph"): "segment", ("Layout", "ParagraphSegmenter"): "segment",
    ("Layout", "BreakOpportunityFinder"): "segment", ("Layout", "ParagraphBidi"): "segment",
    ("Layout", "LineRunCollector"): "segment", ("Layout", "TextOrientation"): "segment",
    ("Layout", "LanguageDirection"): "segment", ("Layout", "SpacingClass"): "segment",
    ("Layout", "StandInRuns"): "segment", ("Layout", "CodeBreaks"): "segment",
    ("Layout", "RunShaping"): "shape", ("Layout", "ShapedFaces"): "shape",
    ("Layout", "BookFaces"): "shape", ("Layout", "FaceFeatures"): "shape",
    ("Layout", "ParagraphSetter"): "break", ("Layout", "LineBreaker"): "break",
    ("Layout", "TotalFitLineBreaker"): "break", ("Layout", "WordHyphenator"): "break",
    ("Layout", "SharedHyphenation"): "break", ("Layout", "LineStartRules"): "break",
    ("Layout", "SetLine"): "break", ("Layout", "LineSpacer"): "break",
    ("Layout", "CodeLines"): "break", ("Layout", "AddedSpacing"): "break",
    ("Fonts", "ByteKeyedCache"): None, ("Fonts", "ShortLock"): None,
    ("Fonts", "FontLocator"): "set-up", ("Fonts", "InstalledFonts"): "set-up",
    ("Book2PagesKit", "OutputFile"): "write", ("Book2PagesKit", "PageOutput"): "write",
    ("Book2PagesKit", "RecordedOutput"): "write", ("Book2PagesKit", "AssetWriter"): "write",
    ("Book2PagesKit", "BookInput"): "read", ("Book2PagesKit", "Fingerprint"): "set-up",
    ("Book2PagesKit", "BackgroundRelease"): "free",
}

# Functions that belong to another phase than their type (the demangled name holds the key).
FUNCTIONS = [("WordHyphenator.startLoading", "set-up"), ("HyphenationPatterns.init", "set-up"),
             ("HyphenationPatterns.shared", "set-up")]

# libhyphen is the caller's: WordHyphenator's hyphenating, or its loading the patterns.
LIBRARIES = [
    ("libharfbuzz", "shape"), ("libfreetype", "shape"), ("libpng", "shape"),
    ("libicuuc", "segment"), ("libicudata", "segment"), ("libunibreak", "segment"),
    ("libfribidi", "segment"),
    ("libxml2", "parse"), ("libcmark", "parse"), ("libyaml", "parse"),
    ("libzip", "read"), ("libz.", "read"),
    ("libfontconfig", "set-up"), ("libexpat", "set-up"), ("ld-linux", "set-up"),
]

SPECIALIZATION = re.compile(r"^(?:generic|function signature|generic partial|merged)? ?"
                            r"specialization <.*?> of ")


def strip_brackets(text):
    """`text` without anything inside <...>, however nested."""
    out, depth = [], 0
    for char in text:
        if char == "<":
            depth += 1
        elif char == ">" and depth:
            depth -= 1
        elif not depth:
            out.append(char)
    return "".join(out)


def owner(demangled):
    """(module, type) of the function a demangled Swift symbol names, or None for the runtime's
    copies, witnesses and metadata, which belong to whoever called them."""
    name = re.sub(r"\((\w+) in _[0-9A-F]+\)", r"\1", strip_brackets(demangled))
    while True:
        before = name
        for prefix in ("generic specialization  of ", "function signature specialization  of ",
                       "generic partial specialization  of ", "merged ", "static ",
                       "partial apply forwarder for ", "dispatch thunk of ",
                       "protocol witness for ", "@objc ", "key path getter for ",
                       "key path setter for "):
            if name.startswith(prefix):
                name = name[len(prefix):]
        name = re.sub(r"^(?:implicit )?closure #\d+ .*? in ", "", name)
        name = re.sub(r"^reabstraction thunk helper .*? from ", "", name)
        if name == before:
            break
    if name.startswith(("outlined ", "type metadata", "value witness", "lazy protocol",
                        "reabstraction", "associated type", "protocol conformance")) \
            or "value witness for" in name:
        return None
    extension = re.match(r"^\(extension in (\w+)\):(?:\w+\.)*?(\w+)\.\w", name)
    if extension:
        return extension.group(1), extension.group(2)
    match = re.match(r"^(\w+)\.(\w+)", name)
    return (match.group(1), match.group(2)) if match else None


def frame_phase(symbol, dso, demangled):
    """The phase a frame belongs to, or None."""
    base = os.path.basename(dso)
    if base == "[kernel.kallsyms]":
        return None
    for library, phase in LIBRARIES:
        if base.startswith(library):
            return phase
    if symbol.startswith("$s"):
        name = demangled.get(symbol, symbol)
        for key, phase in FUNCTIONS:
            if key in name:
                return phase
        found = owner(name)
        if not found:
            return None
        module, kind = found
        if (module, kind) in TYPES:
            return TYPES[(module, kind)]
        return MODULES.get(module)
    return None


def demangle(symbols):
    """Swift symbols demangled in one call to swift-demangle."""
    symbols = sorted(symbols)
    if not symbols:
        return {}
    result = subprocess.run(["swift-demangle", "--compact"], input="\n".join(symbols) + "\n",
                            capture_output=True, text=True, check=True)
    lines = result.stdout.split("\n")
    return {symbol: lines[index] for index, symbol in enumerate(symbols)}


def samples(data_file):
    """(period, [(symbol, dso), ...] innermost first) for each sample in `data_file`."""
    script = subprocess.run(["perf", "script", "-i", data_file, "-F", "comm,tid,period,ip,sym,dso"],
                            capture_output=True, text=True, errors="replace", check=True)
    period, stack = None, None
    for line in script.stdout.split("\n"):
        if not line.strip():
            if stack is not None:
                yield period, stack
            period, stack = None, None
            continue
        if not line[0].isspace():
            fields = line.split()
            period = int(fields[-1]) if fields and fields[-1].isdigit() else 1
            stack = []
            continue
        parts = line.strip().split(None, 1)
        if len(parts) < 2:
            continue
        rest = parts[1]
        dso = ""
        if rest.endswith(")") and " (" in rest:
            rest, dso = rest[:-1].rsplit(" (", 1)
        stack.append((rest, dso))
    if stack is not None:
        yield period, stack


def remove(path):
    if os.path.isfile(path):
        os.remove(path)


def timed(command, output):
    """(wall seconds, CPU seconds) of one run of `command`."""
    remove(output)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(command)} failed")
    return wall, usage.ru_utime + usage.ru_stime


def load():
    """The 1-minute load average, or None off Linux."""
    try:
        with open("/proc/loadavg") as stats:
            return float(stats.read().split()[0])
    except OSError:
        return None


def profile(book, options, scratch):
    output = os.path.join(scratch, "out.json")
    command = [options.binary, book, "-q", "-o", output]
    timed(command, output)
    times = [timed(command, output) for _ in range(options.timed_runs)]
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)

    call_graph = "dwarf,32768" if options.call_graph == "dwarf" else "fp"
    shares = collections.Counter()
    heaviest = collections.defaultdict(collections.Counter)
    total = 0
    for run in range(options.runs):
        data = os.path.join(scratch, f"perf-{run}.data")
        remove(output)
        subprocess.run(["perf", "record", "-q", "-F", str(options.frequency), "-g", "--call-graph",
                        call_graph, "-o", data, "--"] + command,
                       check=True, stdout=subprocess.DEVNULL)
        pooled = list(samples(data))
        demangled = demangle({symbol for _, stack in pooled for symbol, _ in stack
                              if symbol.startswith("$s")})
        for period, stack in pooled:
            phase, frame = "unattributed", None
            for symbol, dso in stack:
                found = frame_phase(symbol, dso, demangled)
                if found:
                    phase, frame = found, demangled.get(symbol, symbol)
                    break
            shares[phase] += period
            heaviest[phase][shorten(frame or (stack[0][0] if stack else "?"))] += period
            total += period
        os.remove(data)
    remove(output)
    return wall, cpu, shares, heaviest, total


def shorten(name):
    """A demangled name without its specializations, arguments and results."""
    name = re.sub(r"\((\w+) in _[0-9A-F]+\)", r"\1", strip_brackets(name))
    name = SPECIALIZATION.sub("", name)
    closure = False
    while True:
        found = re.match(r"^(?:partial apply forwarder for )?(?:implicit )?closure #\d+ .*? in ", name)
        if not found:
            break
        closure, name = True, name[found.end():]
    name = re.sub(r"^(?:(?:generic|function signature) specialization  of )+", "", name)
    depth, out = 0, []
    for char in name:
        if char == "(" and not depth and out and out[-1] not in " #":
            depth = 1
            out.append("(…)")
            continue
        if depth:
            depth += char == "("
            depth -= char == ")"
            continue
        out.append(char)
    return ("".join(out).split(" -> ")[0] + (" (a closure)" if closure else ""))[:110]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("books", nargs="*", default=[DEFAULT_BOOK],
                        help="books to convert (default: %(default)s)")
    parser.add_argument("--binary", default=os.path.join(REPO, ".build", "release", "book2pages"),
                        help="the book2pages to profile (default: the release build)")
    parser.add_argument("--runs", type=int, default=3, help="profiled runs, pooled (default 3)")
    parser.add_argument("--timed-runs", type=int, default=5,
                        help="unprofiled runs for the wall and CPU medians (default 5)")
    parser.add_argument("--frequency", type=int, default=2000, help="samples a second (default 2000)")
    parser.add_argument("--call-graph", choices=["dwarf", "fp"], default="dwarf",
                        help="how perf unwinds (default dwarf: the C libraries have no frame pointers)")
    parser.add_argument("--detail", type=int, default=0, metavar="N",
                        help="also list each phase's N heaviest functions")
    options = parser.parse_args()
    for tool in ("perf", "swift-demangle"):
        if not shutil.which(tool):
            sys.exit(f"phase-profile.py needs {tool} on PATH")
    if not os.access(options.binary, os.X_OK):
        sys.exit(f"no {options.binary}: swift build -c release --product book2pages")
    describe = dict(PHASES)
    for book in options.books:
        if not os.path.exists(book):
            sys.exit(f"no {book} (scripts/make-bench-books.py writes the benchmark books)")
        before = load()
        with tempfile.TemporaryDirectory(prefix="phase-profile-") as scratch:
            wall, cpu, shares, heaviest, total = profile(book, options, scratch)
        after = load()
        print(f"{os.path.basename(book.rstrip('/'))}: wall {wall * 1000:.0f} ms, CPU {cpu * 1000:.0f} ms "
              f"(medians of {options.timed_runs}); {options.runs} profiled runs, "
              f"{total / 1e6:.0f} ms of samples; {os.cpu_count()} cores, load {before} before, {after} after\n")
        print("| phase | CPU share | CPU ms | what |")
        print("| --- | ---: | ---: | --- |")
        for phase, _ in PHASES:
            share = shares[phase] / total if total else 0
            print(f"| {phase} | {share * 100:.1f}% | {share * cpu * 1000:.0f} | {describe[phase]} |")
        print()
        if options.detail:
            for phase, _ in PHASES:
                if not shares[phase]:
                    continue
                print(f"{phase}:")
                for name, weight in heaviest[phase].most_common(options.detail):
                    print(f"  {weight / total * 100:5.1f}%  {name}")
            print()


if __name__ == "__main__":
    main()
