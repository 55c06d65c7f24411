#include "net/new_reconnect_token.h"

#include <stdexcept>

#include <sodium.h>

namespace coyote::net {

ReconnectToken newReconnectToken() {
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
