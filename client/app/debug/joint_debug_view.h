#pragma once

#include <SFML/Graphics.hpp>

#include "sim/state/level.h"
#include "sim/state/world_state.h"

namespace coyote {

/// How a joint is doing, as F4 colours it (docs/playing.md#debug-views).
enum class JointStatus {
  Working,   ///< green
  Strained,  ///< amber: at a limit (a taut rope, a rail at an end), its motor at its maximum
             ///< force, or carrying over 90 % of its break force
  Broken,    ///< pink: still drawn where it was, never hidden
};

/// The status of joint `index` in `state` (Working for an index the level does not have).
JointStatus jointStatus(const WorldState& state, const Level& level, std::size_t index);

/// Where a rail's crate is along its axis, from the rail's start as the level placed it (tiles):
/// what its `lower` and `upper` limit. False for a joint that is not a rail or whose ends are away.
bool railPosition(const WorldState& state, const Level& level, std::size_t index, float& along);

/// F4 and F5, drawn over the world in logical pixels: every joint anchor to anchor in its status
/// colour with a rail's axis through its crate (F4); every rail's allowed range between end ticks
/// and where its crate is on it (F5).
class JointDebugView {
 public:
  explicit JointDebugView(const Level& level) : level_(level) {}

  void drawJoints(sf::RenderTarget& target, Vec2 camera, const WorldState& current) const;
  void drawLimits(sf::RenderTarget& target, Vec2 camera, const WorldState& current) const;

 private:
  const Level& level_;
};

}  // namespace coyote
