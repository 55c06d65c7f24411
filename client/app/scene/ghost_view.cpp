#include "client/app/scene/ghost_view.h"

#include <cmath>

#include "client/app/render/palette.h"
#include "client/app/scene/world_drawing.h"

namespace coyote {

std::optional<Vec2> ghostPosition(const LoadedGhost& ghost, const Character& local, float alpha,
                                  std::int32_t tickRate) {
  if (local.runTicks < 0 || ghost.positions.empty()) {
    return std::nullopt;
  }
  const auto tick = static_cast<std::size_t>(local.runTicks);
  const std::size_t last = ghost.positions.size() - 1;
  if (tick > last + static_cast<std::size_t>(tickRate)) {
    return std::nullopt;
  }
  if (tick >= last) {
    return ghost.positions[last];  // finished: it waits at the line for a second
  }
  const Vec2 from = ghost.positions[tick];
  const Vec2 to = ghost.positions[tick + 1];
  return Vec2{from.x + (to.x - from.x) * alpha, from.y + (to.y - from.y) * alpha};
}

void drawGhosts(sf::RenderTarget& canvas, Vec2 camera, const RaceGhosts& ghosts,
                const Character& local, float alpha, const PhysicsConfig& physics) {
  const auto draw = [&](const std::optional<LoadedGhost>& ghost, sf::Color colour) {
    if (!ghost) {
      return;
    }
    const auto at = ghostPosition(*ghost, local, alpha, physics.tickRate);
    if (!at) {
      return;
    }
    sf::RectangleShape box(toPixels({physics.playerWidth, physics.playerHeight}));
    box.setPosition(toPixels(*at - camera));
    box.setFillColor(colour);
    box.setOutlineColor(sf::Color(colour.r, colour.g, colour.b, 200));
    box.setOutlineThickness(-1.0f);
    canvas.draw(box);
  };
  draw(ghosts.record(), palette::kGhostRecord);
  draw(ghosts.best(), palette::kGhostBest);
}

}  // namespace coyote
