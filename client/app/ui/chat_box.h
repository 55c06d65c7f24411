#pragma once

#include <optional>
#include <string>

#include <SFML/Graphics.hpp>

#include "client/app/ui/text_field.h"
#include "client/core/chat_log.h"
#include "wire/protocol.h"

namespace coyote {

/// The chat on screen (docs/playing.md#chat): the room's last lines at the bottom left, each
/// fading after kFadeSeconds, the server's in their own colour; Enter opens a line to type (Enter
/// sends it, Escape drops it), Page Up and Page Down leaf through the history.
class ChatBox {
 public:
  static constexpr double kFadeSeconds = 10.0;
  static constexpr int kVisibleLines = 8;
  static constexpr unsigned kTextSize = 16;

  /// A key or a typed character; true when the chat took it (the game must not see it). A line
  /// to send comes out in `send`.
  bool handle(const sf::Event& event, std::optional<std::string>& send);
  /// Why the line just sent did not go (the client's own check), shown until the next one.
  void refuse(const std::string& why, double now);
  bool typing() const { return typing_; }
  /// Lines back from the newest that the history shows (0: the newest at the bottom).
  int scrolled() const { return scroll_; }

  void draw(sf::RenderTarget& target, const sf::Font& font, const ChatLog& log, double now) const;

 private:
  bool handleKey(sf::Keyboard::Key key, std::optional<std::string>& send);

  TextField field_{net::kMaxChatCharacters};
  bool typing_ = false;
  int scroll_ = 0;
  std::string refusal_;
  double refusedAt_ = -1e9;
};

/// A line's alpha (0–255) `age` seconds after it came: whole for 9 s, fading to nothing at 10.
std::uint8_t chatLineAlpha(double age);

}  // namespace coyote
