#pragma once

#include <string_view>

namespace coyote::net {

// Refusals the client acts on rather than only shows (docs/playing.md#menus): the server words
// them here, the client recognises them here.

/// A Hello without a password to a server that asks for one.
inline constexpr std::string_view kNeedsPassword = "this server needs a password";
inline constexpr std::string_view kWrongPassword = "wrong password";

/// Whether the player can get in by typing a password: the connect screen asks for it.
inline bool passwordRefusal(std::string_view reason) {
  return reason == kNeedsPassword || reason == kWrongPassword;
}

/// Whether the room was full ("room main is full (16 players)"): the player may watch instead.
inline bool fullRoomRefusal(std::string_view reason) {
  return reason.starts_with("room ") && reason.find(" is full (") != std::string_view::npos;
}

}  // namespace coyote::net
