"""The faces a book2pages output names, loaded with uharfbuzz (PyPI), independently of the tool's
own code: shared by scripts/remeasure-lines.py and scripts/typography-report.py.

A run's face is found the way an app would find it from the output alone:
- a stand-in (`run.standIn`, a PostScript name in `layout.standIns`): its family through
  fontconfig (`fc-match FAMILY:style=…`), Bold when its PostScript name says so;
- a face the book brings (`layout.faces[i].path`): the file `book2pages --assets DIR` wrote at
  that path (restored when the book obfuscates it);
- any other face (the layout's own five, the sans-serif four): its family and style through
  fontconfig, the style from its role (or, for the sans-serif faces, from its PostScript name).
"""
import subprocess

import uharfbuzz as hb

STYLES = {"regular": "Regular", "italic": "Italic", "bold": "Bold", "boldItalic": "Bold Italic", "monospace": "Regular"}


def installed(family, style):
    """The file and face index fontconfig picks for FAMILY in STYLE."""
    out = subprocess.run(["fc-match", "-f", "%{file}\t%{index}", f"{family}:style={style}"],
                         capture_output=True, text=True, check=True).stdout
    path, index = out.split("\t")
    return path, int(index)


def load(path, index=0):
    """A uharfbuzz font of the face at PATH (INDEX in a collection), and its units per em."""
    face = hb.Face(hb.Blob.from_file_path(path), index)
    return hb.Font(face), face.upem


class MissingAssets(Exception):
    pass


class OutputFaces:
    """The fonts an output's runs are set in, loaded once each."""

    def __init__(self, layout, assets=None):
        self.layout = layout
        self.assets = assets
        self.fonts = {}

    @staticmethod
    def key(run):
        """What identifies a run's font: its stand-in's PostScript name, else its face index."""
        return run.get("standIn") or run["face"]

    def describe(self, run):
        """The face entry (of `layout.faces` or `layout.standIns`) a run is set in."""
        if run.get("standIn"):
            return next(f for f in self.layout["standIns"] if f["postScriptName"] == run["standIn"])
        return self.layout["faces"][run["face"]]

    def font(self, run):
        """(uharfbuzz Font, units per em) of the run's face."""
        key = self.key(run)
        if key not in self.fonts:
            if run.get("standIn"):
                face = self.describe(run)
                style = "Bold" if "Bold" in face["postScriptName"] else "Regular"
                self.fonts[key] = load(*installed(face["family"], style))
            else:
                face = self.layout["faces"][run["face"]]
                if face.get("path"):
                    if self.assets is None:
                        raise MissingAssets(
                            f"the output sets text in the book's own font {face['path']}: "
                            "pass the folder `book2pages --assets DIR` wrote it to")
                    self.fonts[key] = load(f"{self.assets}/{face['path']}")
                else:
                    role = face["role"]
                    style = STYLES.get(role) or ("Bold " if "Bold" in face["postScriptName"] else "") + (
                        "Italic" if "Italic" in face["postScriptName"] else "")
                    self.fonts[key] = load(*installed(face["family"], style.strip() or "Regular"))
        return self.fonts[key]
