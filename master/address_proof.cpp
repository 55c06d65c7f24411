#include "master/address_proof.h"

#include <cstring>
#include <stdexcept>

#include <sodium.h>

namespace coyote {

AddressProof::AddressProof() {
  if (sodium_init() < 0) {
    throw std::runtime_error("libsodium cannot start");
  }
  randombytes_buf(key_.data(), key_.size());
}

listing::Token AddressProof::tokenAt(const net::ServerEndpoint& endpoint,
                                     const listing::Challenge& challenge, std::uint32_t source,
                                     std::uint64_t epoch) const {
  static constexpr char kDomain[] = "coyote master token v2";
  std::array<std::uint8_t, sizeof kDomain + 8 + 4 + 2 + 16 + 4> message{};
  std::uint8_t* at = message.data();
  std::memcpy(at, kDomain, sizeof kDomain);
  at += sizeof kDomain;
  for (int i = 0; i < 8; ++i) {
    *at++ = static_cast<std::uint8_t>(epoch >> (8 * i));
  }
  std::memcpy(at, &endpoint.host, 4);  // network byte order, as ENet and sockets hold it
  at += 4;
  *at++ = static_cast<std::uint8_t>(endpoint.port >> 8);
  *at++ = static_cast<std::uint8_t>(endpoint.port & 255);
  std::memcpy(at, challenge.data(), challenge.size());
  at += challenge.size();
  std::memcpy(at, &source, 4);
  listing::Token token{};
  crypto_generichash(token.data(), token.size(), message.data(), message.size(), key_.data(),
                     key_.size());
  return token;
}

listing::Token AddressProof::token(const net::ServerEndpoint& endpoint,
                                   const listing::Challenge& challenge, std::uint32_t source,
                                   double now) const {
  return tokenAt(endpoint, challenge, source, static_cast<std::uint64_t>(now / kEpochSeconds));
}

bool AddressProof::valid(const net::ServerEndpoint& endpoint, const listing::Challenge& challenge,
                         std::uint32_t source, const listing::Token& token, double now) const {
  const auto epoch = static_cast<std::uint64_t>(now / kEpochSeconds);
  for (const std::uint64_t made : {epoch, epoch - 1}) {
    const listing::Token expected = tokenAt(endpoint, challenge, source, made);
    if (sodium_memcmp(expected.data(), token.data(), token.size()) == 0) {
      return true;
    }
  }
  return false;
}

}  // namespace coyote
