#!/usr/bin/env python3
"""make-library.py N DIR — write N small books into DIR, for timing batches (`--jobs`).

Half are copies of the sample EPUB under other names; the other half are Markdown books of
three chapters of made-up words (a fixed seed: the same books on every run). Standard library
only.
"""
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "Samples", "the-lighthouse-keeper.epub")
SYLLABLES = ["ka", "lo", "mi", "ren", "tal", "so", "ver", "an", "dus", "pe", "qui", "nor", "el", "ba", "thi", "gon"]


def word(rng):
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3)))


def sentence(rng):
    words = [word(rng) for _ in range(rng.randint(6, 18))]
    return " ".join(words).capitalize() + rng.choice([".", ".", ".", "?", "!"])


def markdown_book(rng, number):
    lines = ["---", f"title: Book {number}", "author: A. Writer", "lang: en", "---", ""]
    for chapter in range(1, 4):
        lines += [f"# Chapter {chapter}", ""]
        for _ in range(rng.randint(8, 14)):
            lines += [" ".join(sentence(rng) for _ in range(rng.randint(3, 7))), ""]
    return "\n".join(lines)


def main():
    count, directory = int(sys.argv[1]), sys.argv[2]
    os.makedirs(directory, exist_ok=True)
    rng = random.Random(1)
    for number in range(count):
        if number % 2 == 0:
            shutil.copyfile(SAMPLE, os.path.join(directory, f"book-{number:03d}.epub"))
        else:
            with open(os.path.join(directory, f"book-{number:03d}.md"), "w", encoding="utf-8") as out:
                out.write(markdown_book(rng, number))


main()
