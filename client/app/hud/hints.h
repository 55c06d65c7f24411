#pragma once

#include <string>

#include <SFML/Graphics.hpp>

#include "client/app/settings/client_config.h"

namespace coyote {

/// What a newcomer is told once (docs/playing.md#controls): the controls in one line at the top
/// of the first game, under the race's lines, until H hides it or kControlsSeconds pass; and "hold
/// Up to swim" the first time the player's character is in water, for kSwimSeconds. Each is shown
/// once: the settings
/// (`hints.controls`, `hints.swim`) remember it, so that it never comes back.
class Hints {
 public:
  static constexpr double kControlsSeconds = 20.0;
  static constexpr double kSwimSeconds = 6.0;

  explicit Hints(ClientConfig& config) : config_(config) {}

  /// A frame of a game at `now`, the player's character in water or not. True when a hint was
  /// used up (the settings changed: save them).
  bool update(double now, bool inWater);
  /// H: the controls' line goes. True when it was showing (the settings changed).
  bool hide();
  /// The line to show now, "" for none.
  std::string line(double now) const;
  void draw(sf::RenderTarget& window, const sf::Font& font, double now) const;

 private:
  /// The controls as bound: "arrows/A D run · Space jump (hold: higher) · …".
  std::string controlsText() const;

  ClientConfig& config_;
  double controlsFrom_ = -1.0;  ///< when the controls' line came up (-1: not yet)
  double swimFrom_ = -1.0;      ///< when the swim hint came up (-1: not yet)
};

}  // namespace coyote
