#pragma once

#include <functional>
#include <string>

#include <SFML/Graphics.hpp>

#include "client/core/race_progress.h"
#include "sim/state/level.h"
#include "wire/messages.h"

namespace coyote {

/// The scoreboard held on Tab (docs/playing.md#races), at window resolution: the players in the
/// room (on a race, where they are in their run and their last and best times since this client
/// joined) and, with records, the level's top 10 and this player's best (not a spectator's).
class Scoreboard {
 public:
  explicit Scoreboard(const Level& level) : level_(level) {}

  void draw(sf::RenderTarget& window, const sf::Font& font, const WorldState& state,
            const RaceProgress& progress, const std::function<std::string(int)>& nameOf,
            const net::RaceBoard* board, bool spectating) const;

 private:
  /// Draws `cells` as a row of columns at `x` (each column `widths[i]` px), returns the next y.
  static float drawRow(sf::RenderTarget& window, const sf::Font& font,
                       const std::vector<std::string>& cells, const std::vector<float>& widths,
                       float x, float y, sf::Color colour);
  float drawBoard(sf::RenderTarget& window, const sf::Font& font, const net::RaceBoard& board,
                  float x, float y, bool spectating) const;

  const Level& level_;
};

}  // namespace coyote
