#pragma once

#include <deque>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "client/app/ui/console_commands.h"
#include "client/app/ui/text_field.h"

namespace coyote {

/// The console (docs/playing.md#console): ` or F10 opens it over the top half of the window; a
/// line typed there runs as a command (console_commands.h); Up and Down walk the lines already
/// run, Tab completes a command or its argument. While open it takes every key.
class Console {
 public:
  static constexpr std::size_t kMaxLines = 200;
  static constexpr std::size_t kMaxHistory = 50;
  static constexpr unsigned kTextSize = 16;

  bool open() const { return open_; }
  /// A window event; true when the console took it (it opens and closes itself with its keys).
  bool handle(const sf::Event& event, ConsoleTarget& target);
  void print(const std::string& line);
  const std::deque<std::string>& lines() const { return lines_; }
  const std::string& input() const { return field_.text(); }

  void draw(sf::RenderTarget& target, const sf::Font& font) const;

 private:
  bool handleKey(sf::Keyboard::Key key, ConsoleTarget& target);
  void run(ConsoleTarget& target);
  void complete();
  void recall(int step);

  TextField field_{200};
  std::deque<std::string> lines_;
  std::vector<std::string> history_;
  std::size_t recalled_ = 0;  ///< history_.size(): the line being typed
  bool open_ = false;
};

/// Whether `key` opens or closes the console: ` (SFML's Tilde) or F10.
bool isConsoleKey(sf::Keyboard::Key key);

}  // namespace coyote
