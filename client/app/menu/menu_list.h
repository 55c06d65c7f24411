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
/// Page Up/Down, Home/End, Enter, Escape, Left/Right), mouse (pointing selects, a click activates,
/// the wheel scrolls) and gamepad (stick or D-pad, button 0 activates, button 1 goes back). A list
/// longer than the page shows kVisibleRows at a time, scrolled to keep the selection in sight,
/// with how many rows are above and below.
class MenuList {
 public:
  enum class Action { None, Activate, Back, Left, Right };
  static constexpr unsigned kTextSize = 22;
  static constexpr float kRowHeight = 34.0f;
  static constexpr float kTop = 200.0f;  ///< the first row, below the title
  /// The menus are laid out on a 1280 × 960 page, stretched to the window: at every window
  /// scale they fit and keep their places.
  static constexpr float kPageWidth = 1280.0f;
  static constexpr float kPageHeight = 960.0f;
  /// Rows shown at once: the page below the title, above the hints at its foot.
  static constexpr int kVisibleRows = 18;

  void setItems(std::vector<MenuItem> items);
  const std::vector<MenuItem>& items() const { return items_; }
  int selected() const { return selected_; }
  /// Selects row `index` (clamped to the list), scrolling it into sight.
  void select(int index);
  /// The first row shown.
  int firstShown() const { return first_; }

  /// A window event (the window's size turns a mouse's pixels into the page's).
  Action handle(const sf::Event& event, sf::Vector2u windowSize);
  void draw(sf::RenderTarget& target, const sf::Font& font, const std::string& title) const;

 private:
  /// The row under page point (x, y), or -1.
  int rowAt(float x, float y) const;
  Action handleJoystick(const sf::Event& event);

  /// Moves the rows shown by `rows` (the wheel), the selection following into sight.
  void scroll(int rows);
  Action handleKey(sf::Keyboard::Key key);

  std::vector<MenuItem> items_;
  int selected_ = 0;
  int first_ = 0;
  bool stickCentred_ = true;  ///< a stick held over steps once, not every event
};

/// The page as a view: what the menus draw with.
sf::View menuPage();

/// Text in the menus' style: `size` pixels, outlined, at (x, y); centred on x when `centred`.
void drawMenuText(sf::RenderTarget& target, const sf::Font& font, const std::string& text,
                  unsigned size, sf::Vector2f at, sf::Color colour, bool centred = false);

}  // namespace coyote
