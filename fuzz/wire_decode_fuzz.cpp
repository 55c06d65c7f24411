// libFuzzer: the message decoder every peer runs on bytes from the network (the server on
// client messages, the client on server messages). Whatever decodes must re-encode to bytes
// that decode to the same message: the two directions of each serialize() agree.
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>

#include "wire/codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string error;
  const auto message = coyote::net::decode(std::span<const std::uint8_t>(data, size), error);
  if (!message) {
    return 0;
  }
  std::vector<std::uint8_t> again;
  try {
    again = coyote::net::encode(*message);
  } catch (const coyote::WireError&) {
    std::abort();  // a decoded message that cannot be sent back: the ranges disagree
  }
  const auto twice = coyote::net::decode(again, error);
  if (!twice || coyote::net::encode(*twice) != again) {
    std::abort();
  }
  return 0;
}
