#pragma once

#include <optional>
#include <string>

#include <SFML/Graphics.hpp>

#include "client/core/race_progress.h"
#include "match/race_time.h"
#include "sim/state/character.h"
#include "sim/state/level.h"
#include "wire/messages.h"

namespace coyote {

/// The local runner's time `alpha` of the way into the tick after `current`'s, or none when it
/// is not running: (runTicks + alpha − runStartFraction) / tick rate (docs/simulation.md#races).
std::optional<double> runSeconds(const Character& current, float alpha, std::int32_t tickRate);

/// What the race HUD reads in a frame.
struct RaceFrame {
  const Character* local = nullptr;  ///< the local player's character, if it plays
  int localSlot = -1;
  float alpha = 1.0f;
  std::int32_t tickRate = 60;
  double shownTick = 0.0;  ///< the tick on screen, with its fraction
  const RaceProgress* progress = nullptr;
  const net::RaceBoard* board = nullptr;  ///< once the server sent it
};

/// The race HUD (docs/playing.md#races), at window resolution, top centre: the race's name, then
/// the run's time while it runs; under it the last split against the player's best and the
/// record (green ahead, red behind) for 3 s, and after a finish the results line for 6 s.
class RaceHud {
 public:
  explicit RaceHud(const Level& level) : level_(level) {}

  void draw(sf::RenderTarget& window, const sf::Font& font, const RaceFrame& frame) const;

 private:
  /// Draws pieces of text of their own colours side by side, centred at `y`.
  static void drawLine(sf::RenderTarget& window, const sf::Font& font,
                       const std::vector<std::pair<std::string, sf::Color>>& pieces, float y,
                       unsigned size);
  void drawSplit(sf::RenderTarget& window, const sf::Font& font, const RaceFrame& frame) const;

  const Level& level_;
};

}  // namespace coyote
