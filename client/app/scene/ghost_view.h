#pragma once

#include <optional>

#include <SFML/Graphics.hpp>

#include "client/app/scene/art/character_animation.h"
#include "client/core/race_ghosts.h"
#include "client/core/viewport.h"
#include "sim/state/character.h"
#include "sim/state/physics_config.h"

namespace coyote {

/// Where a ghost is when the local run is `local.runTicks` ticks (and `alpha` of the next) old:
/// the ghost's position as many ticks into its own run, so both started together. None while
/// the local player is not running, or a second after the ghost's run ended.
std::optional<Vec2> ghostPosition(const LoadedGhost& ghost, const Character& local, float alpha,
                                  std::int32_t tickRate);

/// How a ghost moves at that moment, read from its path alone (a ghost is positions, no state):
/// its velocity from the two positions about it, the way it last moved sideways, and whether it
/// runs on level ground (no rise or fall over three positions).
struct GhostMotion {
  Vec2 position;
  Vec2 velocity;  ///< tiles/s
  int facing = 1;
  bool grounded = false;
};
std::optional<GhostMotion> ghostMotion(const LoadedGhost& ghost, const Character& local,
                                       float alpha, std::int32_t tickRate);
/// The animation a ghost's motion calls for: its runner's poses (a fast one dashes).
AnimationInput ghostAnimation(const GhostMotion& motion, double renderTick);

/// Draws `ghost` into the world texture in `colour`: with `sheet` (assets/character.png) as a
/// translucent runner in the pose of its path (body and scarf in one draw call); without (flat
/// colours) as a translucent box of the character's size.
void drawGhost(sf::RenderTarget& canvas, Vec2 camera, const LoadedGhost& ghost, sf::Color colour,
               const Character& local, float alpha, const PhysicsConfig& physics,
               const sf::Texture* sheet);
/// Draws the best and record ghosts (docs/playing.md#ghosts): green for the player's best, gold
/// for the record.
void drawGhosts(sf::RenderTarget& canvas, Vec2 camera, const RaceGhosts& ghosts,
                const Character& local, float alpha, const PhysicsConfig& physics,
                const sf::Texture* sheet = nullptr);

/// Over each ghost, at window resolution as players' names are: what it is ("record: ada
/// 0:41.250", "your best 0:43.100"), in its colour, so that it never reads as another player.
void drawGhostLabels(sf::RenderTarget& window, const Viewport& viewport, Vec2 camera,
                     const RaceGhosts& ghosts, const Character& local, float alpha,
                     const PhysicsConfig& physics, const sf::Font& font);

}  // namespace coyote
