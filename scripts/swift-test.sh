#!/usr/bin/env bash
# `swift test` with the arguments given, then how many tests were skipped and why. swift-testing
# names each skipped test and its reason as it goes (a test whose corpus, tool or build is
# missing, or that the sanitizer pass leaves out) but counts them with the rest in its last line;
# its xUnit report counts them apart. Exits with the status of `swift test`.
#
#   scripts/swift-test.sh [SWIFT TEST ARGUMENTS...]
set -uo pipefail
command -v swift >/dev/null 2>&1 || PATH="/opt/swift/usr/bin:$PATH"
report=$(mktemp -d)
trap 'rm -rf "$report"' EXIT
swift test --xunit-output "$report/tests.xml" "$@"
status=$?
xml="$report/tests-swift-testing.xml"
if [ -f "$xml" ]; then
    skipped=$(sed -n 's/^ *<testsuite [^>]* skipped="\([0-9]*\)".*/\1/p' "$xml" | head -1)
    echo "${skipped:-0} tests skipped$([ "${skipped:-0}" -gt 0 ] && echo ", by reason:")"
    sed -n 's|^ *<skipped>\(.*\)</skipped>$|\1|p' "$xml" \
        | sed "s/&apos;/'/g; s/&quot;/\"/g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/\\&/g" | sort | uniq -c | sort -rn
fi
exit "$status"
