#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include <cereal/types/array.hpp>

namespace coyote::net {

/// A player's public key: Ed25519, 32 bytes (docs/protocol.md#player-keys). The server knows a
/// player by it, whatever name the player types.
struct PlayerPublicKey {
  std::array<std::uint8_t, 32> bytes{};

  bool empty() const {
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
  }
  friend bool operator==(const PlayerPublicKey&, const PlayerPublicKey&) = default;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(bytes);
  }
};

/// The Hello's Ed25519 signature (64 bytes) of the connect cookie and the server's address.
struct HelloSignature {
  std::array<std::uint8_t, 64> bytes{};

  template <class Archive>
  void serialize(Archive& archive) {
    archive(bytes);
  }
};

/// Where a client sent its datagrams: the server's IPv4 host (in network byte order, as ENet
/// holds it) and port. The Hello's signature covers it, so that a Hello signed for one server
/// cannot be handed on to another.
struct ServerEndpoint {
  std::uint32_t host = 0;
  std::uint16_t port = 0;

  friend bool operator==(const ServerEndpoint&, const ServerEndpoint&) = default;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(host, port);
  }
};

}  // namespace coyote::net
