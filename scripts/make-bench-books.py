#!/usr/bin/env python3
"""make-bench-books.py DIR [--scale N ...] [--seed S] [--chapters C] — write benchmark books into DIR.

For each scale N (default: 1 and 10) it writes, from the same text:
  DIR/bench-Nx.epub     an EPUB 3 (mimetype stored first, container.xml, OPF, nav, CSS, one
                        XHTML file per chapter)
  DIR/bench-Nx-md/      a Markdown book: one file per chapter, in natural name order, the
                        first with front matter
Scale 1 is War-and-Peace-sized: about 3.5 MB of text in 360 chapters; scale N has N times the
chapters, so the same kind of book N times as long. `--chapters C` writes C chapters instead
(a small book of the same kind, for a test).

The text is our own: words built from syllables (short ones frequent, as in real prose, with
Zipf's law over the vocabulary), names, sentences and paragraphs of realistic lengths, dialogue
in quotes, some italics, chapter titles and a few section headings. A fixed seed makes the same
bytes on every run. Standard library only.
"""
import argparse
import bisect
import os
import random
import zipfile

ONSETS = ["", "b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "v", "w",
          "br", "ch", "cl", "dr", "fr", "gr", "pl", "pr", "sh", "st", "th", "tr", "wh"]
NUCLEI = ["a", "e", "i", "o", "u", "a", "e", "i", "o", "ea", "ou", "ai", "ie", "y"]
CODAS = ["", "", "", "n", "r", "s", "t", "l", "d", "m", "ng", "st", "rd", "nt", "ck", "th"]
VOCABULARY_SIZE = 24000
NAME_COUNT = 300
TEXT_BYTES_PER_CHAPTER = 9700  # 360 chapters make about 3.5 MB
FIXED_DATE = (2024, 1, 1, 0, 0, 0)


class TextModel:
    """Words by frequency rank (short words common), names, and how text is strung together."""

    def __init__(self, rng):
        self.rng = rng
        words = set()
        while len(words) < VOCABULARY_SIZE:
            words.add(self.make_word(self.syllable_count()))
        # Zipf: the rank-r word has weight 1/r; shorter words take the better ranks, with noise.
        # Sorted first: a set's order changes with Python's string hashing from run to run.
        ranked = sorted(sorted(words), key=lambda w: len(w) + rng.gauss(0, 2.0))
        self.words = ranked
        weights = [1.0 / (rank + 1) for rank in range(len(ranked))]
        self.cumulative = []
        total = 0.0
        for w in weights:
            total += w
            self.cumulative.append(total)
        names = set()
        while len(names) < NAME_COUNT:
            names.add(self.make_word(rng.choice([2, 2, 3, 3, 4])).capitalize())
        self.names = sorted(names)
        # A first-order chain: each of the commonest words prefers a few followers.
        self.followers = {w: [self.draw() for _ in range(6)] for w in ranked[:400]}

    def syllable_count(self):
        return self.rng.choices([1, 2, 3, 4, 5], weights=[30, 38, 20, 9, 3])[0]

    def make_word(self, syllables):
        rng = self.rng
        return "".join(rng.choice(ONSETS) + rng.choice(NUCLEI) + rng.choice(CODAS) for _ in range(syllables))

    def draw(self):
        x = self.rng.random() * self.cumulative[-1]
        return self.words[bisect.bisect_left(self.cumulative, x)]

    def next_word(self, previous):
        followers = self.followers.get(previous)
        if followers and self.rng.random() < 0.35:
            return self.rng.choice(followers)
        if self.rng.random() < 0.03:
            return self.rng.choice(self.names)
        return self.draw()

    def sentence(self):
        """A list of (text, italic) pieces making one sentence, without its final punctuation."""
        rng = self.rng
        length = max(3, min(60, int(rng.lognormvariate(2.7, 0.5))))
        words = []
        previous = ""
        for _ in range(length):
            previous = self.next_word(previous)
            words.append(previous)
        words[0] = words[0][:1].upper() + words[0][1:]
        for i in range(1, len(words) - 1):
            if rng.random() < 0.08:
                words[i] += rng.choice([",", ",", ",", ";", ":"])
        pieces = []
        italic_at = rng.randrange(1, len(words)) if rng.random() < 0.06 else -1
        for i, w in enumerate(words):
            pieces.append((w, i == italic_at))
        return pieces

    def paragraph(self):
        """(pieces, is_dialogue): sentences joined, dialogue in typographic quotes."""
        rng = self.rng
        if rng.random() < 0.22:
            pieces = [("\u201c", False)]
            for n in range(rng.randint(1, 3)):
                sentence = self.sentence()
                pieces += ([(" ", False)] if n else []) + join(sentence) + [(rng.choice([".", "?", "!"]), False)]
            pieces += [("\u201d said " + rng.choice(self.names) + ".", False)]
            return pieces
        pieces = []
        count = max(1, min(14, int(rng.lognormvariate(1.4, 0.55))))
        for n in range(count):
            pieces += ([(" ", False)] if n else []) + join(self.sentence()) + [(rng.choice([".", ".", ".", ".", "?", "!"]), False)]
        return pieces

    def title(self):
        words = [self.draw() for _ in range(self.rng.randint(1, 4))]
        return " ".join(w.capitalize() for w in words)


def join(sentence):
    """Words with spaces between them; consecutive pieces of the same style merged."""
    out = []
    for i, (w, italic) in enumerate(sentence):
        if i:
            out.append((" ", False))
        out.append((w, italic))
    return out


def plain(pieces):
    return "".join(p for p, _ in pieces)


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xhtml_inline(pieces):
    return "".join(f"<em>{escape(p)}</em>" if italic else escape(p) for p, italic in pieces)


def markdown_inline(pieces):
    return "".join(f"*{p}*" if italic else p for p, italic in pieces)


def make_chapters(model, count):
    """Chapters as (title, [("h2", text) | ("p", pieces)]), each about TEXT_BYTES_PER_CHAPTER."""
    rng = model.rng
    chapters = []
    for number in range(1, count + 1):
        title = f"Chapter {number}: {model.title()}"
        target = int(TEXT_BYTES_PER_CHAPTER * rng.uniform(0.4, 1.6))
        blocks = []
        size = 0
        while size < target:
            if blocks and rng.random() < 0.012:
                text = model.title()
                blocks.append(("h2", text))
                size += len(text.encode()) + 2
            pieces = model.paragraph()
            blocks.append(("p", pieces))
            size += len(plain(pieces).encode()) + 2
        chapters.append((title, blocks))
    return chapters


def chapter_xhtml(title, blocks):
    body = [f"<h1>{escape(title)}</h1>"]
    for kind, content in blocks:
        if kind == "h2":
            body.append(f"<h2>{escape(content)}</h2>")
        else:
            body.append(f"<p>{xhtml_inline(content)}</p>")
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
            "<html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"en\" lang=\"en\">\n"
            f"<head><title>{escape(title)}</title><link rel=\"stylesheet\" type=\"text/css\" href=\"style.css\"/></head>\n"
            "<body>\n" + "\n".join(body) + "\n</body>\n</html>\n")


STYLE = ("body { margin: 0 5%; }\nh1 { text-align: center; margin: 2em 0 1em; }\n"
         "h2 { text-align: center; font-size: 1.2em; }\np { text-indent: 1.5em; margin: 0; }\n")


def write_epub(path, book_title, author, chapters):
    names = [f"chapter-{n:04d}.xhtml" for n in range(1, len(chapters) + 1)]
    manifest = "\n".join(f'    <item id="c{n}" href="text/{name}" media-type="application/xhtml+xml"/>'
                         for n, name in enumerate(names, 1))
    spine = "\n".join(f'    <itemref idref="c{n}"/>' for n in range(1, len(names) + 1))
    opf = f"""<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:uuid:00000000-0000-4000-8000-{len(chapters):012d}</dc:identifier>
    <dc:title>{escape(book_title)}</dc:title>
    <dc:creator>{escape(author)}</dc:creator>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="css" href="text/style.css" media-type="text/css"/>
{manifest}
  </manifest>
  <spine>
{spine}
  </spine>
</package>
"""
    toc = "\n".join(f'      <li><a href="text/{name}">{escape(title)}</a></li>'
                    for name, (title, _) in zip(names, chapters))
    nav = f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head><title>{escape(book_title)}</title></head>
<body>
  <nav epub:type="toc" id="toc">
    <h1>Contents</h1>
    <ol>
{toc}
    </ol>
  </nav>
</body>
</html>
"""
    container = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
"""
    temporary = path + ".part"
    with zipfile.ZipFile(temporary, "w") as archive:
        def add(name, text, method=zipfile.ZIP_DEFLATED):
            info = zipfile.ZipInfo(name, FIXED_DATE)
            info.compress_type = method
            archive.writestr(info, text.encode("utf-8"))
        add("mimetype", "application/epub+zip", zipfile.ZIP_STORED)
        add("META-INF/container.xml", container)
        add("OEBPS/content.opf", opf)
        add("OEBPS/nav.xhtml", nav)
        add("OEBPS/text/style.css", STYLE)
        for name, (title, blocks) in zip(names, chapters):
            add(f"OEBPS/text/{name}", chapter_xhtml(title, blocks))
    os.replace(temporary, path)


def write_markdown(directory, book_title, author, chapters):
    os.makedirs(directory, exist_ok=True)
    for n, (title, blocks) in enumerate(chapters, 1):
        lines = []
        if n == 1:
            lines += ["---", f"title: {book_title}", f"author: {author}", "lang: en", "---", ""]
        lines += [f"# {title}", ""]
        for kind, content in blocks:
            lines += [f"## {content}" if kind == "h2" else markdown_inline(content), ""]
        with open(os.path.join(directory, f"chapter-{n:04d}.md"), "w", encoding="utf-8") as out:
            out.write("\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--scale", type=int, action="append", help="1 = War and Peace size (repeatable)")
    parser.add_argument("--seed", type=int, default=1869)
    parser.add_argument("--chapters", type=int, help="chapters per book instead of 360 per scale")
    args = parser.parse_args()
    os.makedirs(args.directory, exist_ok=True)
    for scale in args.scale or [1, 10]:
        rng = random.Random(args.seed)
        model = TextModel(rng)
        chapters = make_chapters(model, args.chapters or 360 * scale)
        title = f"The Long Winter ({scale}x)"
        author = "Bench Marker"
        write_epub(os.path.join(args.directory, f"bench-{scale}x.epub"), title, author, chapters)
        write_markdown(os.path.join(args.directory, f"bench-{scale}x-md"), title, author, chapters)
        text = sum(len(plain(c).encode()) if k == "p" else len(c.encode()) for _, blocks in chapters for k, c in blocks)
        print(f"bench-{scale}x: {len(chapters)} chapters, {text / 1e6:.2f} MB of text")


main()
