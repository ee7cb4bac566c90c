#!/usr/bin/env bash
# Installs the Debian packages book2pages needs and are missing: the C libraries it builds
# against (found through pkg-config), the fonts it measures with (Liberation; for the scripts
# Liberation lacks, the Noto faces whose widths match what iOS draws them with: Noto CJK for
# Hiragino, PingFang and Apple SD Gothic Neo, Noto Sans Arabic, Devanagari and Thai, 69 MB to
# download; DejaVu and Droid Sans Fallback for what those lack; TeX Gyre Termes Math, whose
# MATH table formulas are set by), libexttextcat's language models (to tell the language of a
# book that names none, for its hyphenation), and, with --test, the tools
# the test suite compares against (chromium: the browser test of the HTML preview, which
# `book2pages preview --png` also uses; fonts-texgyre: TeX Gyre Termes, a font with OpenType
# small capitals and old-style numerals, for the tests of a run's features). Safe to run again:
# it installs only what is missing.
set -euo pipefail

packages=(pkg-config libxml2-dev libzip-dev libharfbuzz-dev libfreetype-dev libfontconfig-dev
          libicu-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libssl-dev libhyphen-dev libmimalloc-dev
          libexttextcat-dev libexttextcat-data zlib1g-dev
          fonts-liberation2 fonts-texgyre-math
          fonts-dejavu-core fonts-droid-fallback fonts-noto-cjk fonts-noto-core
          hyphen-en-us hyphen-en-gb hyphen-de hyphen-fr hyphen-es hyphen-it hyphen-pt-pt hyphen-pt-br
          hyphen-nl hyphen-ru)
if [ "${1:-}" = "--test" ]; then
    packages+=(pandoc mandoc python3 python3-jsonschema parallel chromium fonts-texgyre zsh fish dpkg-dev
              openssh-server openssh-client rsync)
fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing missing Debian packages: ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# The schema check runs on the python3 first on PATH, which need not be Debian's.
if [ "${1:-}" = "--test" ] && ! python3 -c "import jsonschema" 2>/dev/null; then
    echo "Installing the Python package jsonschema for python3 on PATH" >&2
    python3 -m pip install --quiet jsonschema >&2
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "book2pages needs a Swift 6 toolchain: none on PATH or in /opt/swift (see swift.org/install)" >&2
    exit 1
fi
