#include "net/reconnect_token.h"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>

#include <fmt/format.h>

namespace coyote::net {

ReconnectToken ReconnectToken::generate() {
  ReconnectToken token;
  std::size_t filled = 0;
  while (filled < token.bytes.size()) {
    const ssize_t got = getrandom(token.bytes.data() + filled, token.bytes.size() - filled, 0);
    if (got < 0 && errno != EINTR) {
      throw std::runtime_error("getrandom failed: no entropy for reconnect tokens");
    }
    filled += got > 0 ? static_cast<std::size_t>(got) : 0;
  }
  return token.empty() ? generate() : token;
}

bool ReconnectToken::empty() const {
  std::uint8_t any = 0;
  for (std::uint8_t byte : bytes) {
    any |= byte;
  }
  return any == 0;
}

bool ReconnectToken::matches(const ReconnectToken& other) const {
  std::uint8_t difference = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    difference |= static_cast<std::uint8_t>(bytes[i] ^ other.bytes[i]);
  }
  return difference == 0;
}

std::string ReconnectToken::shortForm() const {
  return fmt::format("{:02x}{:02x}{:02x}{:02x}…", bytes[0], bytes[1], bytes[2], bytes[3]);
}

}  // namespace coyote::net
