#pragma once

#include <optional>

#include <SFML/Graphics.hpp>

#include "client/core/race_ghosts.h"
#include "sim/state/character.h"
#include "sim/state/physics_config.h"

namespace coyote {

/// Where a ghost is when the local run is `local.runTicks` ticks (and `alpha` of the next) old:
/// the ghost's position as many ticks into its own run, so both started together. None while
/// the local player is not running, or a second after the ghost's run ended.
std::optional<Vec2> ghostPosition(const LoadedGhost& ghost, const Character& local, float alpha,
                                  std::int32_t tickRate);

/// Draws the best and record ghosts (docs/playing.md#ghosts) into the world texture: translucent
/// boxes of the character's size, green for the player's best, gold for the record.
void drawGhosts(sf::RenderTarget& canvas, Vec2 camera, const RaceGhosts& ghosts,
                const Character& local, float alpha, const PhysicsConfig& physics);

}  // namespace coyote
