#!/usr/bin/env bash
# scripts/check_includes and scripts/check_doc_links must fail on what they are there to catch:
# each runs on a small tree made here, once clean (exit 0) and once broken (exit 1, the file named).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# header FILE [INCLUDE]: a header at FILE of the tree, including INCLUDE if given.
header() {
  mkdir -p "$(dirname "$tree/$1")"
  printf '#pragma once\n%s' "${2:+#include \"$2\"$'\n'}" >"$tree/$1"
}
# upward WHAT FILE INCLUDE NAMED: the tree passes until FILE includes INCLUDE, a layer above its
# own; then check_includes fails and its output holds NAMED. FILE is removed again.
upward() {
  local output
  "$repo/scripts/check_includes" "$tree" >/dev/null || fail "check_includes refused $1's order"
  header "$2" "$3"
  if output=$("$repo/scripts/check_includes" "$tree"); then
    fail "check_includes accepted $2 including $3"
  fi
  grep -qF "$4" <<<"$output" || fail "check_includes did not name $1's upward include: $output"
  rm "$tree/$2"
}

mkdir -p "$tree/docs"
header shared/sim/state/vec2.h
header shared/sim/bodies/crate.h sim/state/vec2.h
upward "the simulation" shared/sim/state/world.h sim/bodies/crate.h \
  'shared/sim/state/world.h:2: includes sim/bodies/crate.h'
header server/session/connection.h
header server/rooms/room.h server/session/connection.h
upward "the server" server/session/outbox.h server/rooms/room.h \
  'server/session/outbox.h:2: includes server/rooms/room.h, a layer above session'
header client/app/scene/world_renderer.h
header client/app/view/game_view.h client/app/scene/world_renderer.h
upward "the client" client/app/scene/ghost_view.h client/app/view/game_view.h \
  'client/app/scene/ghost_view.h:2: includes client/app/view/game_view.h, a layer above scene'
upward "a folder no layer names" server/extras/helper.h "" \
  "server/extras/helper.h: folder 'extras' is not a layer"

# scripts/check_architecture: a folders diagram of two libraries, true; then an arrow no include
# makes, then an include no arrow draws.
mkdir -p "$tree/shared/util"
header shared/util/ring.h
printf '# Architecture\n\n<!-- checked: folders -->\n```mermaid\ngraph TD\n  sim[sim: the step] --> util[util: rings]\n```\n' \
  >"$tree/docs/architecture.md"
header shared/sim/step.h util/ring.h
"$repo/scripts/check_architecture" "$tree" >/dev/null || fail "check_architecture refused a true page"
rm "$tree/shared/sim/step.h"
if output=$("$repo/scripts/check_architecture" "$tree"); then
  fail "check_architecture accepted an arrow no include makes"
fi
grep -qF 'draws sim --> util, but nothing of sim includes util' <<<"$output" ||
  fail "check_architecture did not name the false arrow: $output"
header shared/sim/step.h util/ring.h
header shared/util/back.h sim/step.h
if output=$("$repo/scripts/check_architecture" "$tree"); then
  fail "check_architecture accepted an include no arrow draws"
fi
grep -qF 'lacks util --> sim: util includes sim' <<<"$output" ||
  fail "check_architecture did not name the missing arrow: $output"
rm "$tree/shared/util/back.h" "$tree/shared/sim/step.h" "$tree/docs/architecture.md"

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
# scripts/doc_commands check: a documented command the manifest does not name fails, and so does
# a command of the manifest no page holds any more; with both listed, it passes.
mkdir -p "$tree/tests/docs" "$tree/.ci"
printf 'step scripts/test\n' >"$tree/.ci/run"
printf '# Readme\n\n```sh\nscripts/test    # the tests\n```\n' >"$tree/README.md"
printf '# Page\n\n```sh\ncoyote-server --port 1 \\\n  --level a.tmj &\n```\n' >"$tree/${docs}/page.md"
manifest() { printf '%s\n' "$@" >"$tree/tests/docs/doc_commands.toml"; }
manifest '[[ci]]' 'page = "README.md"' 'doc = "scripts/test"' 'step = "scripts/test"'
if output=$("$repo/scripts/doc_commands" check "$tree"); then
  fail "doc_commands accepted a command no test runs"
fi
grep -qF 'page.md: `coyote-server --port 1 --level a.tmj &` is documented but' <<<"$output" ||
  fail "doc_commands did not name the unlisted command: $output"
manifest '[[ci]]' 'page = "README.md"' 'doc = "scripts/test"' 'step = "scripts/test"' \
  '[[group]]' 'name = "g"' 'suite = "process"' \
  'step = [{ page = "page.md", doc = "coyote-server --port 1 --level a.tmj &" }]'
"$repo/scripts/doc_commands" check "$tree" >/dev/null || fail "doc_commands refused a full manifest"
printf '# Readme\n' >"$tree/README.md"
if output=$("$repo/scripts/doc_commands" check "$tree"); then
  fail "doc_commands accepted a command no page documents"
fi
grep -qF '`scripts/test` is not a command of README.md any more' <<<"$output" ||
  fail "doc_commands did not name the stale command: $output"
echo "check scripts: 14 checks passed"
