#!/usr/bin/env bash
# Builds book2pages_VERSION_ARCH.deb: the release binary with the Swift runtime linked in
# (--static-swift-stdlib, so no toolchain is needed where it is installed), the man page and the
# bash, zsh and fish completions. Depends names the Debian libraries the binary links, as
# dpkg-shlibdeps finds them, and the data it reads (fonts, hyphenation dictionaries, language
# models); Recommends the fonts and dictionaries of other scripts and languages.
# Usage: scripts/make-deb.sh [OUTPUT-DIR]   (default: .build/deb); prints the package's path.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || PATH="/opt/swift/usr/bin:$PATH"
out="${1:-.build/deb}"
swift build -c release --static-swift-stdlib --scratch-path .build/static --product book2pages >&2
binary="$PWD/.build/static/release/book2pages"
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/Book2PagesKit/Book2Pages.swift)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"

install -D -m 755 "$binary" "$root/usr/bin/book2pages"
strip --strip-unneeded "$root/usr/bin/book2pages"
install -D -m 644 man/book2pages.1 "$root/usr/share/man/man1/book2pages.1"
gzip -9n "$root/usr/share/man/man1/book2pages.1"
install -d "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/book2pages"
"$binary" completions bash > "$root/usr/share/bash-completion/completions/book2pages"
"$binary" completions zsh > "$root/usr/share/zsh/vendor-completions/_book2pages"
"$binary" completions fish > "$root/usr/share/fish/vendor_completions.d/book2pages.fish"
install -m 644 packaging/copyright "$root/usr/share/doc/book2pages/copyright"

# The libraries the binary links, as Debian packages with the versions they need.
mkdir -p "$work/debian"
printf 'Source: book2pages\n\nPackage: book2pages\nArchitecture: any\n' > "$work/debian/control"
libraries=$(cd "$work" && dpkg-shlibdeps -O -e "$root/usr/bin/book2pages" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$libraries" ] || { echo "make-deb.sh: dpkg-shlibdeps found no libraries" >&2; exit 1; }

mkdir -p "$root/DEBIAN"
{
    echo "Package: book2pages"
    echo "Version: $version"
    echo "Architecture: $arch"
    echo "Maintainer: book2pages developers <book2pages@invalid>"
    echo "Installed-Size: $(du -sk "$root/usr" | cut -f1)"
    echo "Depends: $libraries, $(paste -sd, packaging/depends | sed 's/,/, /g')"
    echo "Recommends: $(paste -sd, packaging/recommends | sed 's/,/, /g')"
    echo "Suggests: chromium"
    echo "Section: text"
    echo "Priority: optional"
    echo "Description: turn EPUB and Markdown books into fixed-size pages, as JSON"
    echo " book2pages lays a book out in pages of a given size, as a page-turning app"
    echo " on iOS shows them, and writes every line with its position, width and"
    echo " runs: total-fit justified, hyphenated, with tables, formulas, vertical"
    echo " Japanese, fixed-layout pages and the book's own fonts and CSS."
} > "$root/DEBIAN/control"
mkdir -p "$out"
package="$out/book2pages_${version}_${arch}.deb"
dpkg-deb --build --root-owner-group -Zxz "$root" "$package" >&2
echo "$package"
