#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace coyote::net {

/// What brings a dropped player back to its character: 128 bits from the operating system's
/// random source (net::newReconnectToken, in coyote_net), independent of every other token,
/// replaced at each reconnect. All zeros means "none" (a new player).
struct ReconnectToken {
  std::array<std::uint8_t, 16> bytes{};

  bool empty() const;
  /// Compares in constant time: how much of a guess was right must not show in the timing.
  bool matches(const ReconnectToken& other) const;
  /// For logs: the first 4 bytes in hex, never the whole secret.
  std::string shortForm() const;

  /// Plain equality, for tests and tools; the server compares with `matches`.
  friend bool operator==(const ReconnectToken&, const ReconnectToken&) = default;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]);
  }
};

}  // namespace coyote::net
