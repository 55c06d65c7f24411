#pragma once

#include <array>
#include <string_view>

#include <sodium.h>

namespace coyote {

/// A secret's BLAKE2b hash (libsodium), 32 bytes whatever its length.
using SecretHash = std::array<unsigned char, 32>;

inline SecretHash secretHash(std::string_view secret) {
  SecretHash hash{};
  crypto_generichash(hash.data(), hash.size(),
                     reinterpret_cast<const unsigned char*>(secret.data()), secret.size(), nullptr,
                     0);
  return hash;
}

/// Whether `given` is the secret of `expected`, in a time that tells nothing of either: the
/// hashes have one length, and sodium_memcmp reads all of them whatever differs.
inline bool sameSecret(std::string_view given, const SecretHash& expected) {
  const SecretHash hash = secretHash(given);
  return sodium_memcmp(hash.data(), expected.data(), hash.size()) == 0;
}

}  // namespace coyote
