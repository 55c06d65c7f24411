#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "wire/player_identity.h"

namespace coyote::identity {

/// A player's Ed25519 key pair (docs/playing.md#your-player-key): made on first run, kept in a
/// file that only its owner may read, and the same on every server. Its secret half never leaves
/// the process; the Hello carries the public half and a signature (hello_proof.h).
class PlayerKey {
 public:
  /// A new key from the operating system's random source.
  static PlayerKey generate();
  /// The key kept in `file`. Throws ConfigError naming the file and the reason: missing, not a
  /// regular file, readable by others than its owner (mode 0600 asked), or not a key file.
  static PlayerKey load(const std::string& file);
  /// The key of `file`; if there is none, a new one saved there (`created` says which). A file
  /// that is there but unusable is an error, never replaced: it may be someone's only key.
  static PlayerKey loadOrCreate(const std::string& file, bool& created);
  /// Writes the key to `file` (its folder made if need be) with mode 0600, through a temporary
  /// file renamed over it. Throws std::runtime_error naming the file.
  void save(const std::string& file) const;

  PlayerKey(const PlayerKey& other) = default;
  PlayerKey& operator=(const PlayerKey& other) = default;
  ~PlayerKey();

  const net::PlayerPublicKey& publicKey() const { return public_; }
  /// The Hello's signature for the connect cookie `cookie` from the server at `server`.
  net::HelloSignature signHello(std::uint32_t cookie, const net::ServerEndpoint& server) const;

 private:
  explicit PlayerKey(const std::array<std::uint8_t, 32>& seed);

  std::array<std::uint8_t, 32> seed_{};
  std::array<std::uint8_t, 64> secret_{};  ///< libsodium's form: the seed, then the public key
  net::PlayerPublicKey public_;
};

}  // namespace coyote::identity
