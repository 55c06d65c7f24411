#pragma once

#include <cstddef>
#include <deque>
#include <string>

#include "wire/messages.h"

namespace coyote {

/// One line of the room's chat as this client received it.
struct ChatEntry {
  net::ChatKind kind = net::ChatKind::Player;
  std::string name;
  std::string text;
  double receivedAt = 0.0;  ///< s, the client's clock: the HUD fades a line after 10 s
};

/// The room's chat as this client keeps it (docs/playing.md#chat): the last kCapacity lines in
/// order, each checked like every byte from the server.
class ChatLog {
 public:
  static constexpr std::size_t kCapacity = 200;

  /// Keeps `line`, or returns why it cannot be shown (a control character, bad UTF-8).
  std::string receive(const net::ChatLine& line, double now);
  const std::deque<ChatEntry>& lines() const { return lines_; }

 private:
  std::deque<ChatEntry> lines_;
};

}  // namespace coyote
