#pragma once

#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

namespace coyote {

/// One line of a menu: a label, and the value it shows on the right ("Space, Z", "on", "4 ×").
struct MenuItem {
  std::string label;
  std::string value = {};
  sf::Color valueColour = sf::Color(200, 200, 215);
};

/// A vertical menu in the game's style (docs/playing.md#menus), driven by keyboard (Up/Down,
/// Enter, Escape, Left/Right), mouse (pointing selects, a click activates) and gamepad (stick or
/// D-pad, button 0 activates, button 1 goes back).
class MenuList {
 public:
  enum class Action { None, Activate, Back, Left, Right };
  static constexpr unsigned kTextSize = 22;
  static constexpr float kRowHeight = 34.0f;
  static constexpr float kTop = 200.0f;  ///< the first row, below the title

  void setItems(std::vector<MenuItem> items);
  const std::vector<MenuItem>& items() const { return items_; }
  int selected() const { return selected_; }
  void select(int index);

  /// A window event (the window's size places the rows a mouse points at).
  Action handle(const sf::Event& event, sf::Vector2u windowSize);
  void draw(sf::RenderTarget& target, const sf::Font& font, const std::string& title) const;

 private:
  /// The row under window pixel (x, y), or -1.
  int rowAt(float x, float y, sf::Vector2u windowSize) const;
  Action handleJoystick(const sf::Event& event);

  std::vector<MenuItem> items_;
  int selected_ = 0;
  bool stickCentred_ = true;  ///< a stick held over steps once, not every event
};

/// Text in the menus' style: `size` pixels, outlined, at (x, y); centred on x when `centred`.
void drawMenuText(sf::RenderTarget& target, const sf::Font& font, const std::string& text,
                  unsigned size, sf::Vector2f at, sf::Color colour, bool centred = false);

}  // namespace coyote
