#pragma once

#include <string>

#include <fmt/format.h>

#include "client/core/server_connection.h"

namespace coyote::bot {

/// How a bot's connection ended, as its summary says it: "playing", "refused", "disconnected"
/// or "never joined". Predicting and lite bots alike.
inline std::string endState(const ServerConnection& connection) {
  switch (connection.phase()) {
    case ClientPhase::Playing:
      return "playing";
    case ClientPhase::Refused:
      return "refused";
    default:
      return connection.joined() ? "disconnected" : "never joined";
  }
}

/// Why: the server's reason, or that it was still joining when the run ended ("" if playing).
inline std::string endReason(const ServerConnection& connection) {
  switch (connection.phase()) {
    case ClientPhase::Playing:
      return "";
    case ClientPhase::Connecting:
      return fmt::format("still {} when the run ended (connect timeout {} s)",
                         connection.joined() ? "rejoining" : "connecting",
                         connection.options().connectTimeout);
    default:
      return connection.endReason();
  }
}

}  // namespace coyote::bot
