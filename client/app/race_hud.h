#pragma once

#include <optional>
#include <string>

#include <SFML/Graphics.hpp>

#include "sim/state/character.h"
#include "sim/state/level.h"
#include "util/race_time.h"

namespace coyote {

/// The local runner's time `alpha` of the way into the tick after `current`'s, or none when it
/// is not running: (runTicks + alpha − runStartFraction) / tick rate (docs/simulation.md#races).
std::optional<double> runSeconds(const Character& current, float alpha, std::int32_t tickRate);

/// The race HUD (docs/playing.md#races), at window resolution: the race's name, and the local
/// runner's time while it runs, at the top centre.
class RaceHud {
 public:
  explicit RaceHud(const Level& level) : level_(level) {}

  void draw(sf::RenderTarget& window, const sf::Font& font, const Character* local, float alpha,
            std::int32_t tickRate) const;

 private:
  const Level& level_;
};

}  // namespace coyote
