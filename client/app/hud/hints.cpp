#include "client/app/hud/hints.h"
#include "client/app/render/display_text.h"

#include <cmath>

#include <fmt/format.h>

namespace coyote {
namespace {

const sf::Color kHintColour{150, 225, 255};  ///< apart from the chat's and the race's colours

std::string firstKey(const std::vector<sf::Keyboard::Key>& keys) {
  return keys.empty() ? "?" : keyName(keys.front());
}

}  // namespace

bool Hints::update(double now, bool inWater) {
  bool changed = false;
  if (config_.hints.controls && controlsFrom_ < 0.0) {
    controlsFrom_ = now;
  }
  if (config_.hints.controls && now - controlsFrom_ >= kControlsSeconds) {
    config_.hints.controls = false;  // seen long enough
    changed = true;
  }
  if (config_.hints.swim && inWater) {
    config_.hints.swim = false;  // shown now, never again
    swimFrom_ = now;
    changed = true;
  }
  return changed;
}

bool Hints::hide() {
  if (!config_.hints.controls) {
    return false;
  }
  config_.hints.controls = false;
  return true;
}

std::string Hints::controlsText() const {
  const Bindings& b = config_.bindings;
  return fmt::format(
      "{} {} run   {} jump (hold: higher)   {} dash   {} to a checkpoint   {} restart   "
      "Enter chat   Esc menu      H hides this",
      firstKey(b.left), firstKey(b.right), firstKey(b.jump), firstKey(b.dash), firstKey(b.respawn),
      firstKey(b.restart));
}

std::string Hints::line(double now) const {
  if (swimFrom_ >= 0.0 && now - swimFrom_ < kSwimSeconds) {
    return fmt::format("in water: hold {} to swim up, {} for a stroke",
                       firstKey(config_.bindings.up), firstKey(config_.bindings.jump));
  }
  return config_.hints.controls && controlsFrom_ >= 0.0 ? controlsText() : "";
}

void Hints::draw(sf::RenderTarget& window, const sf::Font& font, double now) const {
  const std::string text = line(now);
  if (text.empty()) {
    return;
  }
  sf::Text shown(displayText(text), font, 16);
  shown.setFillColor(kHintColour);
  shown.setOutlineColor(sf::Color::Black);
  shown.setOutlineThickness(2.0f);
  const sf::Vector2f size(window.getSize());
  // Under the race's lines at the top: the foot of the window is the chat's and the floor's.
  shown.setPosition(std::round((size.x - shown.getLocalBounds().width) * 0.5f), 76.0f);
  window.draw(shown);
}

}  // namespace coyote
