#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace coyote {

/// One line of typed text (the chat's, the console's), kept as UTF-8 and at most
/// `maxCharacters` characters. What a keyboard types arrives as code points
/// (sf::Event::TextEntered); control characters and invalid code points are never added.
class TextField {
 public:
  explicit TextField(std::size_t maxCharacters) : maxCharacters_(maxCharacters) {}

  /// Adds a typed character; false (nothing added) for a control character, an invalid code
  /// point, or when the line is full.
  bool type(std::uint32_t codePoint);
  /// Removes the last character (Backspace).
  void erase();
  void clear() { text_.clear(); }
  /// Replaces the line (history, completion), cut to whole characters within the limit.
  void set(const std::string& text);
  const std::string& text() const { return text_; }
  std::size_t characters() const;

 private:
  std::size_t maxCharacters_;
  std::string text_;
};

}  // namespace coyote
