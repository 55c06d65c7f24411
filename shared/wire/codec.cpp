#include "wire/codec.h"

#include <istream>
#include <ostream>
#include <sstream>
#include <streambuf>

#include "wire/wire_archive.h"

namespace coyote::net {
namespace {

/// Reads straight from the packet's bytes, without copying them.
class SpanBuffer : public std::streambuf {
 public:
  explicit SpanBuffer(std::span<const std::uint8_t> bytes) {
    char* begin = const_cast<char*>(reinterpret_cast<const char*>(bytes.data()));
    setg(begin, begin, begin + bytes.size());
  }
};

template <class T>
std::optional<Message> decodeAs(std::istream& stream) {
  T message;
  WireInputArchive archive(stream);
  archive(message);
  return Message{std::move(message)};
}

template <std::size_t Index = 0>
std::optional<Message> decodeType(std::uint8_t type, std::istream& stream) {
  if constexpr (Index < std::variant_size_v<Message>) {
    using T = std::variant_alternative_t<Index, Message>;
    if (type == T::kType) {
      return decodeAs<T>(stream);
    }
    return decodeType<Index + 1>(type, stream);
  } else {
    throw WireError("unknown message type " + std::to_string(type));
  }
}

}  // namespace

std::vector<std::uint8_t> encode(const Message& message) {
  std::ostringstream stream(std::ios::binary);
  std::visit(
      [&stream](const auto& body) {
        stream.put(static_cast<char>(std::decay_t<decltype(body)>::kType));
        WireOutputArchive archive(stream);
        archive(body);
      },
      message);
  const std::string bytes = stream.str();
  return {bytes.begin(), bytes.end()};
}

std::optional<Message> decode(std::span<const std::uint8_t> bytes, std::string& error) {
  if (bytes.size() < 2) {
    error = "packet too short";
    return std::nullopt;
  }
  SpanBuffer buffer(bytes.subspan(1));
  std::istream stream(&buffer);
  try {
    std::optional<Message> message = decodeType(bytes[0], stream);
    if (stream.peek() != std::char_traits<char>::eof()) {
      error = "trailing bytes after message";
      return std::nullopt;
    }
    return message;
  } catch (const std::exception& failure) {  // WireError, cereal::Exception on truncation
    error = failure.what();
    return std::nullopt;
  }
}

std::optional<std::uint16_t> helloVersion(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 3 || bytes[0] != Hello::kType) {
    return std::nullopt;
  }
  return static_cast<std::uint16_t>(bytes[1] | (bytes[2] << 8));  // little-endian, as it is sent
}

const char* messageName(const Message& message) {
  static constexpr const char* kNames[] = {
      "Hello",        "Welcome",      "Refusal",      "InputBatch", "ServerFrames",
      "FullState",    "DesyncReport", "ClientReport", "Goodbye",    "RaceBoard",
      "GhostRequest", "GhostData",    "ChatSay",      "ChatLine"};
  return kNames[message.index()];
}

}  // namespace coyote::net
