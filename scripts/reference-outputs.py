#!/usr/bin/env python3
"""reference-outputs.py [--base REV] [--keep DIR] [--jobs N] — compare this tree's outputs with REV's.

A change that reshapes the code must leave every output byte-identical. This builds the release
binary of REV (default HEAD, the last commit) in a worktree of its own under .build/reference,
and this working tree's release binary, then converts each reference input with both, in every
target (booklayout, swiftui-book, pagecurl, pagecurl --double-sided, reader) and both formats
(JSON, JSON Lines), and compares the bytes. The inputs: the three samples, and every book of
../shared/corpus/epub when it is there (said when it is not).

Prints one line per output that differs (with the first byte where it does) and a total; exits
0 when all are identical, 1 otherwise, 2 when a build fails. With --keep DIR, both outputs of
every comparison are left in DIR/base and DIR/this, named alike, for `diff -r`.
Standard library only.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CORPUS = os.path.join(os.path.dirname(REPO), "shared", "corpus", "epub")
SAMPLES = ["Samples/the-lighthouse-keeper.epub", "Samples/chapter.xhtml", "Samples/the-clockmakers-garden"]
TARGETS = [["--target", "booklayout"], ["--target", "swiftui-book"], ["--target", "pagecurl"],
           ["--target", "pagecurl", "--double-sided"], ["--target", "reader"]]
FORMATS = [["--format", "json"], ["--format", "ndjson"]]


def build(directory, scratch):
    """The release binary built from `directory` into `scratch`; exits 2 if the build fails."""
    result = subprocess.run(["swift", "build", "-c", "release", "--product", "book2pages", "--scratch-path", scratch],
                            cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        sys.stderr.write(result.stdout.decode("utf-8", "replace")[-4000:])
        sys.exit(f"reference-outputs.py: the build in {directory} failed")
    return os.path.join(scratch, "release", "book2pages")


def base_tree(revision):
    """A worktree of `revision` under .build/reference, made or moved there."""
    commit = subprocess.run(["git", "rev-parse", "--verify", revision + "^{commit}"], cwd=REPO,
                            stdout=subprocess.PIPE, check=True).stdout.decode().strip()
    tree = os.path.join(REPO, ".build", "reference", "tree")
    if os.path.isdir(tree):
        subprocess.run(["git", "checkout", "-q", "--detach", commit], cwd=tree, check=True)
    else:
        os.makedirs(os.path.dirname(tree), exist_ok=True)
        subprocess.run(["git", "worktree", "add", "-q", "--detach", tree, commit], cwd=REPO, check=True)
    return tree, commit


def inputs():
    found = [os.path.join(REPO, sample) for sample in SAMPLES]
    if os.path.isdir(CORPUS):
        found += sorted(os.path.join(CORPUS, name) for name in os.listdir(CORPUS) if name.endswith(".epub"))
    else:
        print(f"reference-outputs.py: no {os.path.relpath(CORPUS, REPO)} beside the repository: the samples only")
    return found


def convert(binary, book, options):
    """The output's bytes (the same for a refusal: its status and message)."""
    # The input is named as the same relative path in both runs: messages and provenance name it.
    result = subprocess.run([binary, "-q", os.path.relpath(book, REPO)] + options, cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode != 0:
        return f"exit {result.returncode}: ".encode() + result.stderr
    return result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the revision to compare with (default HEAD)")
    parser.add_argument("--keep", help="leave both outputs of every comparison in this folder")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    arguments = parser.parse_args()

    tree, commit = base_tree(arguments.base)
    base = build(tree, os.path.join(REPO, ".build", "reference", "build"))
    this = build(REPO, os.path.join(REPO, ".build"))
    cases = [(book, target + form) for book in inputs() for target in TARGETS for form in FORMATS]

    def compare(case):
        book, options = case
        return case, convert(base, book, options), convert(this, book, options)

    differing = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(arguments.jobs // 2, 1)) as pool:
        for (book, options), old, new in pool.map(compare, cases):
            name = os.path.basename(book.rstrip("/")) + "".join(options).replace("--", ".")
            if arguments.keep:
                for side, data in (("base", old), ("this", new)):
                    os.makedirs(os.path.join(arguments.keep, side), exist_ok=True)
                    with open(os.path.join(arguments.keep, side, name), "wb") as file:
                        file.write(data)
            if old != new:
                differing += 1
                first = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
                print(f"differs  {name}: from byte {first} ({len(old)} against {len(new)} bytes)")
    print(f"{len(cases) - differing} of {len(cases)} outputs identical to {commit[:12]}")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
