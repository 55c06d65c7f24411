#include "client/app/race_hud.h"

#include <cmath>

#include <fmt/format.h>

#include "client/app/palette.h"

namespace coyote {

std::optional<double> runSeconds(const Character& current, float alpha, std::int32_t tickRate) {
  if (current.runTicks < 0 || tickRate <= 0) {
    return std::nullopt;
  }
  return (static_cast<double>(current.runTicks) + static_cast<double>(alpha) -
          static_cast<double>(current.runStartFraction)) /
         static_cast<double>(tickRate);
}

void RaceHud::draw(sf::RenderTarget& window, const sf::Font& font, const Character* local,
                   float alpha, std::int32_t tickRate) const {
  if (!level_.race.present) {
    return;
  }
  const std::optional<double> time =
      local != nullptr ? runSeconds(*local, alpha, tickRate) : std::nullopt;
  const std::string text =
      time ? formatRaceSeconds(*time) : fmt::format("{} — leave the start", level_.race.name);
  sf::Text label(text, font, time ? 28 : 16);
  const sf::FloatRect bounds = label.getLocalBounds();
  const float width = static_cast<float>(window.getSize().x);
  label.setPosition(std::round((width - bounds.width) * 0.5f), 8.0f);
  label.setFillColor(time ? palette::kRaceTimer : palette::kRaceHint);
  label.setOutlineColor(sf::Color::Black);
  label.setOutlineThickness(2.0f);
  window.draw(label);
}

}  // namespace coyote
