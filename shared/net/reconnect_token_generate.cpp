// ReconnectToken::generate lives in coyote_net, beside the other users of libsodium: the wire
// library stays free of it (coyote-sim is cross-built without it).
#include <stdexcept>

#include <sodium.h>

#include "wire/reconnect_token.h"

namespace coyote::net {

ReconnectToken ReconnectToken::generate() {
  if (sodium_init() < 0) {
    throw std::runtime_error("libsodium could not be initialized: no entropy for reconnect tokens");
  }
  ReconnectToken token;
  do {
    randombytes_buf(token.bytes.data(), token.bytes.size());
  } while (token.empty());
  return token;
}

}  // namespace coyote::net
