#pragma once

#include <deque>

#include <SFML/Graphics.hpp>

#include "client/core/client_stats.h"

namespace coyote {

/// F3: the net graph. Numbers for RTT, loss, bandwidth, rollbacks per second, rollback depth,
/// input margin and desyncs, with a few seconds of history for the ones that move.
class NetGraph {
 public:
  static constexpr std::size_t kHistory = 100;  ///< samples, 10 per second
  static constexpr double kSampleSeconds = 0.1;

  void sample(const ClientStats& stats, double now);
  void draw(sf::RenderTarget& window, const sf::Font& font) const;

 private:
  void drawGraphs(sf::RenderTarget& window, const sf::Font& font, sf::Vector2f origin,
                  float panelWidth) const;

  struct Sample {
    double rttMs = 0.0;
    double rollbacksPerSecond = 0.0;
    double downKBps = 0.0;
    double upKBps = 0.0;
    double margin = 0.0;
  };
  std::deque<Sample> history_;
  ClientStats latest_;
  double lastSample_ = -1.0;
  std::uint64_t lastRollbacks_ = 0;
  double rollbacksPerSecond_ = 0.0;
};

}  // namespace coyote
