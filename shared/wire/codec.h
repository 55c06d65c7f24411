#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "wire/messages.h"

namespace coyote::net {

/// A message as bytes: its type byte, then its Cereal binary body (little-endian, wire_archive.h).
std::vector<std::uint8_t> encode(const Message& message);

/// Decodes one packet. Never throws and never allocates beyond the caps of protocol.h: a
/// malformed, truncated or oversized packet gives no message and a one-line reason.
std::optional<Message> decode(std::span<const std::uint8_t> bytes, std::string& error);

/// The protocol version a packet that starts as a Hello claims, even when the rest cannot be read
/// (a client of another version may lay its Hello out otherwise): nullopt if it is no Hello.
std::optional<std::uint16_t> helloVersion(std::span<const std::uint8_t> bytes);

/// The message's name, for logs.
const char* messageName(const Message& message);

}  // namespace coyote::net
