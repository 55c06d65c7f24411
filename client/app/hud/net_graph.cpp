#include "client/app/hud/net_graph.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

namespace coyote {

void NetGraph::sample(const ClientStats& stats, double now) {
  latest_ = stats;
  if (lastSample_ >= 0.0 && now - lastSample_ < kSampleSeconds) {
    return;
  }
  const double elapsed = lastSample_ < 0.0 ? kSampleSeconds : now - lastSample_;
  rollbacksPerSecond_ = static_cast<double>(stats.rollbacks - lastRollbacks_) / elapsed;
  lastRollbacks_ = stats.rollbacks;
  lastSample_ = now;
  history_.push_back({stats.rttMs, rollbacksPerSecond_, stats.bytesDownPerSecond / 1000.0,
                      stats.bytesUpPerSecond / 1000.0, static_cast<double>(stats.inputMargin)});
  if (history_.size() > kHistory) {
    history_.pop_front();
  }
}

void NetGraph::draw(sf::RenderTarget& window, const sf::Font& font) const {
  const sf::Vector2f size(static_cast<float>(window.getSize().x),
                          static_cast<float>(window.getSize().y));
  const float panelWidth = 330.0f;
  const float panelHeight = 232.0f;
  const sf::Vector2f origin(size.x - panelWidth - 8.0f, size.y - panelHeight - 8.0f);
  sf::RectangleShape panel({panelWidth, panelHeight});
  panel.setPosition(origin);
  panel.setFillColor(sf::Color(0, 0, 0, 170));
  window.draw(panel);

  const ClientStats& s = latest_;
  const std::string text = fmt::format(
      "F3 net   tick {} (server {})\n"
      "RTT {:.0f} ms   loss down {:.1f} % up {:.1f} %\n"
      "down {:.2f} KB/s   up {:.2f} KB/s\n"
      "rollbacks {:.1f}/s   depth max {} mean {:.1f}\n"
      "input margin {} (target {})   dilation {:+.1f} %\n"
      "desyncs {} (repaired {})   late inputs {}",
      s.confirmedTick, s.serverTick, s.rttMs, s.lossPercent, s.upLossPercent,
      s.bytesDownPerSecond / 1000.0, s.bytesUpPerSecond / 1000.0, rollbacksPerSecond_,
      s.maxRollbackDepth, s.meanRollbackDepth(), s.inputMargin, s.targetMargin, s.dilation * 100.0,
      s.desyncs, s.repairedDesyncs, s.lateInputs);
  sf::Text label(text, font, 13);
  label.setPosition(origin.x + 8.0f, origin.y + 4.0f);
  label.setFillColor(sf::Color::White);
  window.draw(label);
  drawGraphs(window, font, origin, panelWidth);
}

// Small history graphs, each scaled to its own maximum.
void NetGraph::drawGraphs(sf::RenderTarget& window, const sf::Font& font, sf::Vector2f origin,
                          float panelWidth) const {
  struct Series {
    const char* name;
    std::function<double(const Sample&)> value;
    sf::Color colour;
  };
  const Series series[] = {
      {"RTT", [](const Sample& x) { return x.rttMs; }, sf::Color(120, 220, 120)},
      {"rollbacks/s", [](const Sample& x) { return x.rollbacksPerSecond; },
       sf::Color(240, 180, 60)},
      {"down KB/s", [](const Sample& x) { return x.downKBps; }, sf::Color(100, 180, 255)},
      {"up KB/s", [](const Sample& x) { return x.upKBps; }, sf::Color(220, 120, 255)},
  };
  const float graphWidth = (panelWidth - 40.0f) / 2.0f;
  const float graphHeight = 34.0f;
  for (std::size_t i = 0; i < std::size(series); ++i) {
    const sf::Vector2f at(origin.x + 8.0f + static_cast<float>(i % 2) * (graphWidth + 24.0f),
                          origin.y + 120.0f + static_cast<float>(i / 2) * (graphHeight + 20.0f));
    sf::RectangleShape frame({graphWidth, graphHeight});
    frame.setPosition(at);
    frame.setFillColor(sf::Color(255, 255, 255, 20));
    window.draw(frame);
    double maximum = 1e-9;
    for (const Sample& sample : history_) {
      maximum = std::max(maximum, series[i].value(sample));
    }
    sf::VertexArray strip(sf::LineStrip);
    for (std::size_t k = 0; k < history_.size(); ++k) {
      const float x = at.x + graphWidth * static_cast<float>(k) / (kHistory - 1);
      const float y =
          at.y + graphHeight * (1.0f - static_cast<float>(series[i].value(history_[k]) / maximum));
      strip.append({{x, y}, series[i].colour});
    }
    window.draw(strip);
    sf::Text caption(fmt::format("{} (max {:.1f})", series[i].name, maximum), font, 11);
    caption.setPosition(at.x, at.y + graphHeight + 1.0f);
    caption.setFillColor(series[i].colour);
    window.draw(caption);
  }
}

}  // namespace coyote
