#include "wire/reconnect_token.h"

#include <fmt/format.h>

namespace coyote::net {

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
