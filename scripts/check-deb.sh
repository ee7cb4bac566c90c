#!/usr/bin/env bash
# CI's check of the Debian package: builds it (scripts/make-deb.sh), installs it with apt-get as
# a user would, and converts the bundled sample with /usr/bin/book2pages in an environment
# where no Swift toolchain is in reach (env -i, PATH=/usr/bin:/bin); the pages must be the
# release build's, byte for byte. Needs root or sudo, as installing does.
set -euo pipefail
cd "$(dirname "$0")/.."
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
package=$(scripts/make-deb.sh)
echo "Built $package ($(du -h "$package" | cut -f1))" >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "./$package" >&2
dpkg-query -W -f='${Package} ${Version}: ${Status}\n' book2pages >&2
if ldd /usr/bin/book2pages | grep -i swift; then
    echo "check-deb.sh: the installed binary links the Swift runtime from the toolchain" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp Samples/the-lighthouse-keeper.epub "$work/"
(cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" sh -c \
    'if command -v swift >/dev/null; then echo "swift is in reach" >&2; exit 1; fi
     /usr/bin/book2pages the-lighthouse-keeper.epub -o pages.json')
[ -f .build/release/book2pages ] || swift build -c release >&2
# The same book in the same place: an output records the way from its folder to its book.
release=$PWD/.build/release/book2pages
(cd "$work" && "$release" the-lighthouse-keeper.epub -o expected.json)
cmp "$work/pages.json" "$work/expected.json"
man -w book2pages >/dev/null 2>&1 || [ -f /usr/share/man/man1/book2pages.1.gz ]
echo "The package installs and converts the sample with the toolchain out of reach: $(grep -o '"type":"content"' "$work/pages.json" | wc -l) content pages" >&2
