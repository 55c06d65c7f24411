#include "listing/master_token.h"

#include <algorithm>

namespace coyote::listing {
namespace {

int hexDigit(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

}  // namespace

std::array<std::uint8_t, kMasterTokenSize> encodeMasterToken(const MasterToken& token) {
  std::array<std::uint8_t, kMasterTokenSize> datagram{};
  auto out = std::copy(kMasterTokenMagic.begin(), kMasterTokenMagic.end(), datagram.begin());
  out = std::copy(token.challenge.begin(), token.challenge.end(), out);
  std::copy(token.token.begin(), token.token.end(), out);
  return datagram;
}

std::optional<MasterToken> parseMasterToken(std::span<const std::uint8_t> datagram) {
  if (datagram.size() != kMasterTokenSize ||
      !std::equal(kMasterTokenMagic.begin(), kMasterTokenMagic.end(), datagram.begin())) {
    return std::nullopt;
  }
  MasterToken token;
  const auto challenge = datagram.begin() + kMasterTokenMagic.size();
  std::copy(challenge, challenge + 16, token.challenge.begin());
  std::copy(challenge + 16, datagram.end(), token.token.begin());
  return token;
}

std::string hexText(std::span<const std::uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(bytes.size() * 2);
  for (const std::uint8_t byte : bytes) {
    text += kDigits[byte >> 4];
    text += kDigits[byte & 15];
  }
  return text;
}

bool readHex(std::string_view text, std::span<std::uint8_t> out) {
  if (text.size() != out.size() * 2) {
    return false;
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int high = hexDigit(text[2 * i]);
    const int low = hexDigit(text[2 * i + 1]);
    if (high < 0 || low < 0) {
      return false;
    }
    out[i] = static_cast<std::uint8_t>(high * 16 + low);
  }
  return true;
}

}  // namespace coyote::listing
