#pragma once

#include "level/json_node.h"
#include "level/tiled_entities.h"
#include "sim/state/level.h"

namespace coyote {

/// Reads the joints of the `entities` object layer, after its crates and platforms
/// (docs/levels.md#joints). An object of class `rope`, `spring`, `rail` or `weld` holds the crate
/// its object property `body` names to the crate or platform `to` names, or to the world at the
/// object's position when it has no `to` (on a platform, the anchor is that position relative to
/// the platform and moves with it; on a crate, its centre).
/// - `rope`: `length` tiles at most (default: as far apart as the level places them);
/// - `spring`: rest `length` (same default), `stiffness` (mass/s², default 40), `damping` (mass/s);
/// - `rail`: `axisX`, `axisY` (not both 0), limits `lower`/`upper` (tiles from the start, default
///   none), a motor `motorSpeed` (tiles/s) that with `reverse` turns back at each limit, or drives
///   to `motorTarget` (tiles, within the limits), `stiffness` (1/s: how fast it closes on the
///   target), `maxForce`, and `damping` (friction, mass/s);
/// - `weld`: holds the crate where the level placed it relative to `to`;
/// - any: `breakForce` (mass·tiles/s², 0 = never breaks) and `collide` (default false).
/// A joint naming an unknown body, a rail with a zero axis or crossed limits, anything out of range
/// is a ConfigError naming the file, the JSON path and the reason.
void readJoints(const Node& objects, TileScale scale, Level& level);

}  // namespace coyote
