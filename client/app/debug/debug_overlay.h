#pragma once

#include <SFML/Graphics.hpp>

#include "client/core/viewport.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/world_state.h"

namespace coyote {

/// F1: the collision debug view (docs/playing.md#debug-views). In logical pixels:
/// every box (colour = contact: green grounded, cyan on a slope, magenta on a wall, white
/// dashing, yellow airborne), the tiles the last sweep went through, the blocking normals as
/// short spikes, the wall contact as a bar. In window pixels: the local character's numbers.
class DebugOverlay {
 public:
  DebugOverlay(const Level& level, const PhysicsConfig& physics)
      : level_(level), physics_(physics) {}

  /// Boxes at the same interpolated positions (`alpha`) as the characters are drawn.
  void drawWorld(sf::RenderTarget& target, Vec2 camera, const WorldState& previous,
                 const WorldState& current, float alpha) const;
  void drawPanel(sf::RenderTarget& window, const sf::Font& font, const WorldState& current,
                 int localSlot) const;

 private:
  void drawSweptCells(sf::RenderTarget& target, const sf::RenderStates& states,
                      const Character& before, const Character& now) const;
  const Level& level_;
  PhysicsConfig physics_;
};

}  // namespace coyote
