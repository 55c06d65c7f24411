#pragma once

#include <string>
#include <string_view>

#include "wire/protocol.h"

namespace coyote::net {

/// The room a client joins when it names none: every server opens it at start.
inline constexpr std::string_view kDefaultRoom = "main";

/// Why `name` cannot name a room, or "" if it can: 1 to kMaxRoomNameLength characters among
/// a–z, 0–9, '-' and '_'. A room name goes into log lines, metric labels and replay file names
/// (`{room}` in world.record), so nothing else is let through.
inline std::string roomNameProblem(std::string_view name) {
  if (name.empty() || name.size() > kMaxRoomNameLength) {
    return "a room name has 1 to " + std::to_string(kMaxRoomNameLength) + " characters";
  }
  for (const char character : name) {
    const bool allowed = (character >= 'a' && character <= 'z') ||
                         (character >= '0' && character <= '9') || character == '-' ||
                         character == '_';
    if (!allowed) {
      return "a room name is made of a-z, 0-9, '-' and '_'";
    }
  }
  return "";
}

}  // namespace coyote::net
