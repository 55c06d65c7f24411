#!/usr/bin/env bash
# The Windows zip (scripts/package --windows): coyote-VERSION-windows-x86_64.zip in
# build/windows-client/packages, from the programs scripts/windows_test built there. Unzipped,
# it plays: the programs (static: no DLL, no runtime to install), the art, the settings and
# levels, a font, a README.txt, and the licences of all it bundles.
#   packaging/windows_zip.sh   → prints the zip's path on its last line
set -euo pipefail
cd "$(dirname "$0")/.."
readonly build=build/windows-client
fail() { echo "windows_zip: FAIL: $*" >&2; exit 1; }
for program in client/coyote-client.exe client/coyote-bot.exe tools/sim/coyote-sim.exe; do
  [[ -f "$build/$program" ]] || fail "no $build/$program: run scripts/windows_test first"
done
prefix=$(scripts/windows_deps | tail -1)  # its licences (cached: builds nothing)
version=$(cmake -DSOURCE_DIR="$PWD" -P cmake/WriteVersion.cmake)
name="coyote-$version-windows-x86_64"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root/configs/levels" "$root/fonts" "$root/licenses"
cp "$build/client/coyote-client.exe" "$build/client/coyote-bot.exe" \
  "$build/tools/sim/coyote-sim.exe" "$root/"
cp -r assets "$root/"
cp configs/client.toml configs/physics.toml configs/materials.toml "$root/configs/"
cp configs/levels/*.tmj configs/levels/*.tsj "$root/configs/levels/"
cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "$root/fonts/"
cp LICENSE "$root/licenses/coyote.txt"
cp "$prefix"/licenses/*.txt "$root/licenses/"
cp /usr/share/doc/fonts-dejavu-core/copyright "$root/licenses/fonts-dejavu.txt"
cp /usr/share/doc/libz-mingw-w64-dev/copyright "$root/licenses/zlib.txt"
cp /usr/share/doc/gcc-mingw-w64-base/copyright "$root/licenses/gcc-runtime.txt"
cp /usr/share/doc/mingw-w64-common/copyright "$root/licenses/mingw-w64-runtime.txt"
sed 's/$/\r/' >"$root/README.txt" <<EOF
Coyote $version for Windows (64-bit)

A networked 2D platformer: race, climb, push crates, with friends on a server.

Play: double-click coyote-client.exe. "Play online" lists the servers of the
masters set in configs\\client.toml; "Connect to an address" joins HOST:PORT;
"Play on this machine" needs a coyote-server, which runs on Linux.

Your settings, your player key and your replays are kept in
%APPDATA%\\coyote. Keep player.key: it is who you are on every server. Copy it
to play as yourself on another machine.

Windows may warn that the program is from an unknown publisher (SmartScreen):
this build is not signed. "More info", then "Run anyway" starts it.

coyote-bot.exe plays headless clients against a server; coyote-sim.exe runs
the simulation without a window and verifies replays. Each says more with
--help. The licences of everything in this folder are in licenses\\.
EOF
mkdir -p "$build/packages"
zip="$PWD/$build/packages/$name.zip"
rm -f "$zip"
(cd "$stage" && /usr/bin/python3 - "$zip" "$name" <<'PYTHON'
import os
import sys
import zipfile

path, top = sys.argv[1:]
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for folder, folders, files in os.walk(top):
        folders.sort()
        for file in sorted(files):
            archive.write(os.path.join(folder, file))
PYTHON
)
echo "windows_zip: $(($(stat -c %s "$zip") / 1024)) KB, $(find "$root" -type f | wc -l) files"
echo "$zip"
