#!/usr/bin/env bash
# scripts/check_includes and scripts/check_doc_links must fail on what they are there to catch:
# each runs on a small tree made here, once clean (exit 0) and once broken (exit 1, the file named).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$tree/shared/sim/state" "$tree/shared/sim/bodies" "$tree/docs"
printf '#pragma once\n' >"$tree/shared/sim/state/vec2.h"
printf '#pragma once\n#include "sim/state/vec2.h"\n' >"$tree/shared/sim/bodies/crate.h"
"$repo/scripts/check_includes" "$tree" >/dev/null || fail "check_includes refused a downward include"
printf '#pragma once\n#include "sim/bodies/crate.h"\n' >"$tree/shared/sim/state/world.h"
if output=$("$repo/scripts/check_includes" "$tree"); then
  fail "check_includes accepted state/ including bodies/"
fi
grep -q 'shared/sim/state/world.h:2: includes sim/bodies/crate.h' <<<"$output" ||
  fail "check_includes did not name the upward include: $output"
rm "$tree/shared/sim/state/world.h"

mkdir -p "$tree/server/session" "$tree/server/rooms"
printf '#pragma once
' >"$tree/server/session/connection.h"
printf '#pragma once
#include "server/session/connection.h"
' >"$tree/server/rooms/room.h"
"$repo/scripts/check_includes" "$tree" >/dev/null || fail "check_includes refused rooms/ on session/"
printf '#pragma once
#include "server/rooms/room.h"
' >"$tree/server/session/outbox.h"
if output=$("$repo/scripts/check_includes" "$tree"); then
  fail "check_includes accepted session/ including rooms/"
fi
grep -q 'server/session/outbox.h:2: includes server/rooms/room.h (rooms), a layer above session' \
  <<<"$output" || fail "check_includes did not name the server's upward include: $output"
rm "$tree/server/session/outbox.h"

mkdir -p "$tree/client/app/scene" "$tree/client/app/view"
printf '#pragma once\n' >"$tree/client/app/scene/world_renderer.h"
printf '#pragma once\n#include "client/app/scene/world_renderer.h"\n' >"$tree/client/app/view/game_view.h"
"$repo/scripts/check_includes" "$tree" >/dev/null || fail "check_includes refused view/ on scene/"
printf '#pragma once\n#include "client/app/view/game_view.h"\n' >"$tree/client/app/scene/ghost_view.h"
if output=$("$repo/scripts/check_includes" "$tree"); then
  fail "check_includes accepted scene/ including view/"
fi
grep -q 'client/app/scene/ghost_view.h:2: includes client/app/view/game_view.h (view), a layer above scene' \
  <<<"$output" || fail "check_includes did not name the client's upward include: $output"
rm "$tree/client/app/scene/ghost_view.h"

git -C "$tree" init -q
docs=docs  # spelled apart so that the repository's own check does not read these as citations
printf '# Page\n\n## A section\n' >"$tree/${docs}/page.md"
printf "// see ${docs}/page.md#a-section\n" >"$tree/shared/sim/state/vec2.h"
"$repo/scripts/check_doc_links" "$tree" >/dev/null || fail "check_doc_links refused a good citation"
printf "// see ${docs}/page.md#no-such-section\n" >"$tree/shared/sim/state/vec2.h"
if output=$("$repo/scripts/check_doc_links" "$tree"); then
  fail "check_doc_links accepted a missing section"
fi
grep -q "vec2.h:1: ${docs}/page.md has no section #no-such-section" <<<"$output" ||
  fail "check_doc_links did not name the citation: $output"
echo "check scripts: 7 checks passed"
