#!/bin/sh
# Installs the Debian packages the app (run) or its tests (test) need, when they are missing.
# WeasyPrint needs Pango, and HarfBuzz's subsetter (it is ~3x slower and warns without it).
# The browser tests drive Debian's Chromium: never `playwright install`, which downloads a
# browser of its own. pdftotext/pdftoppm (poppler) read and picture the PDFs in tests.
set -eu
mode=${1:-run}
pkgs="libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core"
if [ "$mode" = test ]; then
  pkgs="$pkgs chromium poppler-utils nodejs npm"
fi
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
# nodejs/npm may come from elsewhere than Debian (as on many dev machines): a working npm is enough.
if command -v npm >/dev/null 2>&1; then
  missing=$(echo "$missing" | sed -e 's/ nodejs//' -e 's/ npm//')
fi
[ -z "$(echo "$missing" | tr -d ' ')" ] && exit 0
echo "Installing system packages:$missing"
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# shellcheck disable=SC2086
$sudo apt-get install -y -q --no-install-recommends $missing
