#!/usr/bin/env python3
"""bench.py — time book2pages against the parse floor, in release mode (docs/PERFORMANCE.md).

In one run: builds book2pages and ParseFloor with `swift build -c release`, writes the benchmark
books with scripts/make-bench-books.py when they are missing, then for each book times the whole
conversion (JSON written to a file) and the floor (libzip + libxml2 parse of every XHTML entry)
several times each, side by side (a run of each in turn), and prints medians with their spread, the ratios and the
targets. The 10x book is also converted to JSON Lines (`--format ndjson`), whose peak memory
must not grow with the book; `--huge` adds the 100x book (written once, about 180 MB), both
ways, one run each. A library of 1,000 small books (scripts/make-library.py) is converted as one
batch from a list, for the books a second. With pandoc or ebook-convert installed, each is timed
once on the same books (they are slow), as ratios to book2pages.

    scripts/bench.py [--runs 5] [--large-runs 3] [--scratch-path DIR] [--books DIR]
                     [--json FILE] [--no-peers] [--no-build] [--only NAME,...]
                     [--static-swift-stdlib] [--huge]

Every time is a separate process: wall time, CPU (user + system) and peak resident memory from
wait4(). Standard library only.
"""
import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CORPUS = os.path.join(os.path.dirname(REPO), "shared", "corpus", "epub")


def run(command, stdout=subprocess.DEVNULL):
    """One run: (wall seconds, CPU seconds, peak RSS in MB, exit status). A conversion's output
    is removed first, untimed, so that each run writes a new file, as converting a book does the
    first time: written over the last run's output, the rename that puts the file in place
    waited 9-12 ms while ext4 wrote the 12 MB replacing it to disk (docs/PERFORMANCE.md)."""
    if "-o" in command:
        target = command[command.index("-o") + 1]
        if os.path.isfile(target):
            os.remove(target)
        elif target.endswith("/") and os.path.isdir(target):
            shutil.rmtree(target)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def measure(command, runs):
    """Medians and spreads of `runs` runs after one untimed run (which warms the page cache)."""
    return measure_side_by_side([command], runs)[0]


def measure_side_by_side(commands, runs):
    """`measure` for each command, their runs taken in turn (one of each, then again), so that
    what else the machine is doing weighs on all of them alike: a ratio of two medians taken
    minutes apart moved with the load."""
    for command in commands:
        if run(command)[3] != 0:
            sys.exit(f"bench: failed: {' '.join(command)}")
    samples = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            samples[index].append(run(command))
    results = []
    for taken in samples:
        walls, cpus, rss = zip(*[s[:3] for s in taken])
        results.append({"runs": runs,
                        "wall": statistics.median(walls), "wallMin": min(walls), "wallMax": max(walls),
                        "cpu": statistics.median(cpus), "cpuMin": min(cpus), "cpuMax": max(cpus),
                        "rssMB": max(rss)})
    return results


def build(scratch, static):
    command = ["swift", "build", "-c", "release", "--scratch-path", scratch] + (["--static-swift-stdlib"] if static else [])
    for product in ["book2pages", "ParseFloor"]:
        subprocess.run(command + ["--product", product], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    binaries = subprocess.run(command + ["--show-bin-path"], cwd=REPO, check=True,
                              capture_output=True, text=True).stdout.strip()
    return os.path.join(binaries, "book2pages"), os.path.join(binaries, "ParseFloor")


def ensure_books(directory, huge):
    wanted = ["bench-1x.epub", "bench-1x-md", "bench-10x.epub", "bench-10x-md"]
    if not all(os.path.exists(os.path.join(directory, name)) for name in wanted):
        print(f"bench: writing the benchmark books into {directory}", file=sys.stderr)
        subprocess.run([sys.executable, os.path.join(HERE, "make-bench-books.py"), directory], check=True)
    if huge and not os.path.exists(os.path.join(directory, "bench-100x.epub")):
        print(f"bench: writing the 100x book into {directory} (a few minutes)", file=sys.stderr)
        subprocess.run([sys.executable, os.path.join(HERE, "make-bench-books.py"), directory, "--scale", "100"],
                       check=True)
    library = os.path.join(directory, "library-1000")
    if not os.path.exists(os.path.join(library, "list.txt")):
        subprocess.run([sys.executable, os.path.join(HERE, "make-library.py"), "1000", library], check=True,
                       stdout=subprocess.DEVNULL)
        books = sorted(os.path.join(folder, name) for folder, _, names in os.walk(library) for name in names
                       if name.endswith((".epub", ".md")))
        with open(os.path.join(library, "list.txt"), "w") as listing:
            listing.write("".join(os.path.relpath(book, library) + "\n" for book in books))
    return library


TABLE_MARKUP = [(re.compile(pattern, re.IGNORECASE), replacement) for pattern, replacement in [
    (r"<colgroup\b[^>]*/>|<colgroup\b.*?</colgroup>|<col\b[^>]*/?>", ""),
    (r"<(/?)(table|thead|tbody|tfoot|caption)\b", r"<\1div"),
    (r"<(/?)tr\b", r"<\1p"),
    (r"<(/?)t[dh]\b", r"<\1span"),
    (r"</span>", "</span> "),
]]


def text_alone(book, directory):
    """The same EPUB with its tables' markup made paragraphs (a row a paragraph, its cells spans),
    so that its text is set as prose: what the book costs without table layout."""
    target = os.path.join(directory, os.path.basename(book).replace(".epub", "-text-alone.epub"))
    if not os.path.exists(target):
        with zipfile.ZipFile(book) as source, zipfile.ZipFile(target + ".part", "w") as copy:
            for entry in source.infolist():
                data = source.read(entry)
                if entry.filename.endswith((".xhtml", ".html", ".htm")):
                    markup = data.decode("utf-8")
                    for pattern, replacement in TABLE_MARKUP:
                        markup = pattern.sub(replacement, markup)
                    data = markup.encode("utf-8")
                copy.writestr(entry, data)
        os.rename(target + ".part", target)
    return target


def count_pages(output, lines):
    """The pages of an output, counted in a process of their own: a child forked from this one
    reports this one's peak memory as its own when that is the larger (Linux keeps the peak of
    the image `exec` replaced), and decoding a 120 MB output here would make it so for every
    run after it."""
    script = ("import json, sys\n"
              "with open(sys.argv[1], 'rb') as f:\n"
              "    print(sum(b'\"line\":\"page\"' in l for l in f) if sys.argv[2] == 'lines'"
              " else len(json.load(f)['pages']))")
    return int(subprocess.run([sys.executable, "-c", script, output, "lines" if lines else "json"],
                              check=True, capture_output=True, text=True).stdout)


def peers(book, out):
    """Other converters of the same book, each run once: (name, command)."""
    found = []
    if shutil.which("pandoc"):
        found.append(("pandoc -t plain", ["pandoc", "-t", "plain", book, "-o", out + ".txt"]))
    if shutil.which("ebook-convert"):
        found.append(("ebook-convert → txt", ["ebook-convert", book, out + ".txt"]))
    return found


def ms(seconds):
    return f"{seconds * 1000:.0f}"


LOAD_BEFORE = " ".join(f"{x:.2f}" for x in os.getloadavg())


def main():
    parser = argparse.ArgumentParser(description="Time book2pages against the parse floor.")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command (default 5)")
    parser.add_argument("--large-runs", type=int, default=3, help="timed runs on the 10x books (default 3)")
    parser.add_argument("--scratch-path", default=os.path.join(REPO, ".build"))
    parser.add_argument("--books", default=os.path.join(tempfile.gettempdir(), "book2pages-bench-books"))
    parser.add_argument("--json", help="also write the results as JSON to this file")
    parser.add_argument("--no-peers", action="store_true", help="don't time pandoc or ebook-convert")
    parser.add_argument("--no-build", action="store_true", help="use the binaries already built")
    parser.add_argument("--only", help="comma-separated book names to run (default: all)")
    parser.add_argument("--static-swift-stdlib", action="store_true",
                        help="link the Swift runtime and Foundation statically (faster startup)")
    parser.add_argument("--huge", action="store_true",
                        help="also the 100x book, as JSON and JSON Lines, one run each (minutes)")
    args = parser.parse_args()

    if args.no_build:
        bin_dir = os.path.join(args.scratch_path, "release")
        converter, floor = os.path.join(bin_dir, "book2pages"), os.path.join(bin_dir, "ParseFloor")
    else:
        converter, floor = build(args.scratch_path, args.static_swift_stdlib)
    library = ensure_books(args.books, args.huge)
    scratch = tempfile.mkdtemp(prefix="book2pages-bench-")
    out = os.path.join(scratch, "pages.json")
    b = lambda name: os.path.join(args.books, name)
    moby = os.path.join(CORPUS, "moby-dick.epub")
    jlreq = os.path.join(CORPUS, "jlreq-in-english.epub")
    books = [
        # name, input, the EPUB whose floor applies, timed runs, extra arguments
        ("startup: chapter.xhtml", os.path.join(REPO, "Samples", "chapter.xhtml"), None, args.runs),
        ("sample EPUB", os.path.join(REPO, "Samples", "the-lighthouse-keeper.epub"), None, args.runs),
        ("moby-dick EPUB", moby, moby, args.runs),
        ("jlreq EPUB", jlreq, None, args.runs),
        ("jlreq text alone", text_alone(jlreq, args.books) if os.path.exists(jlreq) else jlreq, None, args.runs),
        ("1x EPUB", b("bench-1x.epub"), b("bench-1x.epub"), args.runs),
        ("1x Markdown", b("bench-1x-md"), b("bench-1x.epub"), args.runs),
        ("10x EPUB", b("bench-10x.epub"), b("bench-10x.epub"), args.large_runs),
        ("10x Markdown", b("bench-10x-md"), b("bench-10x.epub"), args.large_runs),
        ("10x EPUB ndjson", b("bench-10x.epub"), None, args.large_runs, ["--format", "ndjson"]),
    ]
    if args.huge:
        # Its 36,000 entries and 350 MB of text are past the default limits, made for any book.
        huge = ["--limit", "entries=100000,text=1G,book-size=4G,memory=64G"]
        books += [("100x EPUB", b("bench-100x.epub"), None, 1, huge),
                  ("100x EPUB ndjson", b("bench-100x.epub"), None, 1, ["--format", "ndjson"] + huge)]
    books.append(("1000 small books", library, None, args.runs, ["--files-from", "list.txt"]))
    if not os.path.exists(moby):
        print("bench: moby-dick left out: no ../shared/corpus/epub beside the repository", file=sys.stderr)
        books = [row for row in books if row[1] != moby]
    if not os.path.exists(jlreq):
        print("bench: jlreq left out: no ../shared/corpus/epub beside the repository", file=sys.stderr)
        books = [row for row in books if not row[0].startswith("jlreq")]
    if args.only:
        keep = set(args.only.split(","))
        books = [row for row in books if row[0] in keep or row[0].split(" ")[0] in keep]

    results = {}
    floors = {}
    for name, book, floor_book, runs, *extra in books:
        print(f"bench: {name} …", file=sys.stderr)
        row = {"book": os.path.relpath(book, REPO) if book.startswith(REPO) else os.path.basename(book.rstrip("/"))}
        options = extra[0] if extra else []
        batch = "--files-from" in options
        target = os.path.join(scratch, "library/") if batch else out
        # A batch's list is read from inside its library, so its outputs keep the books' paths.
        whole = [converter] + ([] if batch else [book]) + options + ["-q", "-o", target]
        if batch:
            whole[whole.index("list.txt")] = os.path.join(book, "list.txt")
            whole = ["sh", "-c", 'cd "$1" && shift && exec "$@"', "sh", book] + whole
        if floor_book and floor_book not in floors:
            # The conversion and its floor side by side, a run of each in turn.
            row["whole"], floors[floor_book] = measure_side_by_side([whole, [floor, floor_book]], runs)
        else:
            row["whole"] = measure(whole, runs)
        if floor_book:
            row["floor"] = floors[floor_book]
            row["ratio"] = row["whole"]["wall"] / row["floor"]["wall"]
            row["cpuRatio"] = row["whole"]["cpu"] / row["floor"]["cpu"]
        if batch:
            with open(os.path.join(book, "list.txt")) as listing:
                row["books"] = sum(1 for line in listing if line.strip())
            row["pages"] = 0
            row["booksPerSecond"] = row["books"] / row["whole"]["wall"]
        else:
            row["outputMB"] = os.path.getsize(out) / (1 << 20)
            row["pages"] = count_pages(out, "ndjson" in options)
        results[name] = row

    peer_rows = []
    if not args.no_peers:
        for name in ["moby-dick EPUB", "1x EPUB"]:
            if name not in results:
                continue
            book = next(row[1] for row in books if row[0] == name)
            for peer, command in peers(book, out):
                print(f"bench: {peer} on {name} (once) …", file=sys.stderr)
                wall, cpu, rss, status = run(command)
                peer_rows.append({"peer": peer, "book": name, "wall": wall, "cpu": cpu, "rssMB": rss,
                                  "status": status, "ratio": wall / results[name]["whole"]["wall"]})

    print_table(results, peer_rows, args)
    if args.json:
        document = {"date": time.strftime("%Y-%m-%d", time.gmtime()), "machine": machine(),
                    "staticSwiftStdlib": args.static_swift_stdlib, "loadAverageBefore": LOAD_BEFORE,
                    "runs": args.runs, "largeRuns": args.large_runs, "books": results, "peers": peer_rows,
                    "targets": targets(results)}
        with open(args.json, "w") as file:
            json.dump(document, file, indent=2, sort_keys=True)
            file.write("\n")


def machine():
    return f"{os.cpu_count()} cores, {platform.machine()}, {platform.system()} {platform.release()}"


# The memory any conversion takes whatever the book: the process, its fonts and dictionaries, the
# measuring caches and the largest chapter's model (docs/PERFORMANCE.md, "Memory").
MEMORY_CONSTANT_MB = 100.0


def targets(results):
    """Issue 30's targets, with the earlier ones still kept: (name, value, limit, met)."""
    checks = []
    get = lambda name: results.get(name)
    for name in ["moby-dick EPUB", "1x EPUB", "10x EPUB"]:
        if get(name) and "ratio" in get(name):
            # Side by side with the floor: the conversion on two cores, the floor on one.
            checks.append((f"{name} wall / floor", get(name)["ratio"], 5.0))
            checks.append((f"{name} CPU / floor", get(name)["cpuRatio"], 8.0))
    for name in ["10x EPUB ndjson", "100x EPUB ndjson"]:
        if get(name):
            checks.append((f"{name} peak MB", get(name)["whole"]["rssMB"], 150.0))
    for name in ["10x EPUB", "100x EPUB"]:
        if get(name):
            # The document may be held, not its model.
            limit = 1.5 * get(name)["outputMB"] + MEMORY_CONSTANT_MB
            checks.append((f"{name} JSON peak MB", get(name)["whole"]["rssMB"], round(limit)))
    if get("1000 small books"):
        # More is better: the check is on the seconds a book, at most a hundredth.
        checks.append(("1000 books: ms a book", 1000 / get("1000 small books")["booksPerSecond"], 10.0))
    if get("startup: chapter.xhtml"):
        checks.append(("one-chapter book ms", get("startup: chapter.xhtml")["whole"]["wall"] * 1000, 30.0))
    for size in ["1x", "10x"]:
        epub, markdown = get(f"{size} EPUB"), get(f"{size} Markdown")
        if epub and markdown:
            checks.append((f"{size} Markdown / EPUB", markdown["whole"]["wall"] / epub["whole"]["wall"], 1.2))
    if get("jlreq EPUB") and get("jlreq text alone"):
        checks.append(("jlreq / its text alone", get("jlreq EPUB")["whole"]["wall"] / get("jlreq text alone")["whole"]["wall"], 3.0))
    return [{"target": n, "value": round(v, 3), "limit": l, "met": v <= l} for n, v, l in checks]


def print_table(results, peer_rows, args):
    linking = "Swift runtime linked statically" if args.static_swift_stdlib else "Swift runtime linked dynamically"
    print(f"\nbook2pages benchmark, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {machine()}, {linking}")
    print(f"load average before the run: {LOAD_BEFORE}")
    print(f"medians of {args.runs} runs ({args.large_runs} on 10x) after one warm-up; spread = min–max; "
          f"whole = convert to a JSON file; floor = ParseFloor\n")
    header = f"{'book':<24}{'pages':>7}{'wall ms':>9}{'spread':>14}{'CPU ms':>8}{'peak MB':>9}" \
             f"{'floor ms':>10}{'spread':>12}{'floor CPU':>11}{'whole/floor':>13}{'CPU/floor':>11}"
    print(header)
    print("-" * len(header))
    for name, row in results.items():
        w = row["whole"]
        line = f"{name:<24}{row.get('books', row['pages']):>7}{ms(w['wall']):>9}{ms(w['wallMin']) + '–' + ms(w['wallMax']):>14}" \
               f"{ms(w['cpu']):>8}{w['rssMB']:>9.0f}"
        if "floor" in row:
            f = row["floor"]
            line += f"{ms(f['wall']):>10}{ms(f['wallMin']) + '–' + ms(f['wallMax']):>12}{ms(f['cpu']):>11}" \
                    f"{row['ratio']:>12.1f}×{row['cpuRatio']:>10.1f}×"
        print(line)
    if peer_rows:
        print("\npeers, each run once:")
        for p in peer_rows:
            state = "" if p["status"] == 0 else f" (exit {p['status']})"
            print(f"  {p['peer']:<22} {p['book']:<16} {ms(p['wall']):>7} ms wall, {p['rssMB']:.0f} MB peak, "
                  f"{p['ratio']:.1f}× book2pages{state}")
    print("\ntargets:")
    for t in targets(results):
        print(f"  {t['target']:<28} {t['value']:>8.2f}  (at most {t['limit']:g})  {'met' if t['met'] else 'NOT met'}")


main()
