#include "net/connect_cookie.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "net/enet.h"

namespace coyote::net {
namespace {

std::uint32_t readBigEndian16(std::span<const std::uint8_t> bytes, std::size_t at) {
  return static_cast<std::uint32_t>(bytes[at] << 8 | bytes[at + 1]);
}

std::uint32_t readBigEndian32(std::span<const std::uint8_t> bytes, std::size_t at) {
  return static_cast<std::uint32_t>(bytes[at]) << 24 |
         static_cast<std::uint32_t>(bytes[at + 1]) << 16 |
         static_cast<std::uint32_t>(bytes[at + 2]) << 8 | bytes[at + 3];
}

// ENet sends a CONNECT's connectID unconverted and compares it so: it is a random tag.
std::uint32_t readNative32(std::span<const std::uint8_t> bytes, std::size_t at) {
  std::uint32_t value = 0;
  std::memcpy(&value, bytes.data() + at, sizeof(value));
  return value;
}

template <std::size_t N>
bool startsWith(std::span<const std::uint8_t> datagram, const std::array<std::uint8_t, N>& magic) {
  return datagram.size() >= N && std::equal(magic.begin(), magic.end(), datagram.begin());
}

}  // namespace

CookieRequest makeCookieRequest() {
  CookieRequest request{};
  std::copy(kCookieRequestMagic.begin(), kCookieRequestMagic.end(), request.begin());
  return request;
}

bool isCookieRequest(std::span<const std::uint8_t> datagram) {
  return datagram.size() == kCookieRequestSize && startsWith(datagram, kCookieRequestMagic);
}

CookieReply makeCookieReply(std::uint32_t cookie) {
  CookieReply reply{};
  std::copy(kCookieReplyMagic.begin(), kCookieReplyMagic.end(), reply.begin());
  for (std::size_t i = 0; i < 4; ++i) {
    reply[kCookieReplyMagic.size() + i] = static_cast<std::uint8_t>(cookie >> (8 * i));
  }
  return reply;
}

std::optional<std::uint32_t> parseCookieReply(std::span<const std::uint8_t> datagram) {
  if (datagram.size() != kCookieReplySize || !startsWith(datagram, kCookieReplyMagic)) {
    return std::nullopt;
  }
  std::uint32_t cookie = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    cookie |= static_cast<std::uint32_t>(datagram[kCookieReplyMagic.size() + i]) << (8 * i);
  }
  return cookie;
}

EnetDatagram classifyEnetDatagram(std::span<const std::uint8_t> datagram) {
  if (datagram.size() < 2) {
    return {};
  }
  const std::uint32_t peerField = readBigEndian16(datagram, 0);
  const std::uint32_t peerId =
      peerField & ~static_cast<std::uint32_t>(ENET_PROTOCOL_HEADER_FLAG_MASK |
                                              ENET_PROTOCOL_HEADER_SESSION_MASK);
  if (peerId != ENET_PROTOCOL_MAXIMUM_PEER_ID) {
    return {EnetDatagram::Kind::kForPeer, 0};
  }
  if ((peerField & ENET_PROTOCOL_HEADER_FLAG_COMPRESSED) != 0) {
    return {};
  }
  // The header is the peer field, then the sent time if flagged; the first command follows.
  const std::size_t command = (peerField & ENET_PROTOCOL_HEADER_FLAG_SENT_TIME) != 0 ? 4 : 2;
  if (datagram.size() < command + sizeof(ENetProtocolConnect) ||
      (datagram[command] & ENET_PROTOCOL_COMMAND_MASK) != ENET_PROTOCOL_COMMAND_CONNECT) {
    return {};
  }
  return {EnetDatagram::Kind::kConnect,
          readBigEndian32(datagram, command + offsetof(ENetProtocolConnect, data)),
          readNative32(datagram, command + offsetof(ENetProtocolConnect, connectID))};
}

std::array<std::uint8_t, kConnectRefusalSize> makeConnectRefusal(ConnectRefusal reason,
                                                                 std::uint32_t connectId) {
  std::array<std::uint8_t, kConnectRefusalSize> datagram{};
  std::copy(kConnectRefusalMagic.begin(), kConnectRefusalMagic.end(), datagram.begin());
  datagram[kConnectRefusalMagic.size()] = static_cast<std::uint8_t>(reason);
  std::memcpy(datagram.data() + kConnectRefusalMagic.size() + 1, &connectId, sizeof(connectId));
  return datagram;
}

std::optional<ConnectRefusalReply> parseConnectRefusal(std::span<const std::uint8_t> datagram) {
  if (datagram.size() != kConnectRefusalSize ||
      !std::equal(kConnectRefusalMagic.begin(), kConnectRefusalMagic.end(), datagram.begin())) {
    return std::nullopt;
  }
  const std::uint8_t code = datagram[kConnectRefusalMagic.size()];
  if (code != static_cast<std::uint8_t>(ConnectRefusal::kPeersPerAddress) &&
      code != static_cast<std::uint8_t>(ConnectRefusal::kServerFull)) {
    return std::nullopt;
  }
  return ConnectRefusalReply{static_cast<ConnectRefusal>(code),
                             readNative32(datagram, kConnectRefusalMagic.size() + 1)};
}

const char* describe(ConnectRefusal reason) {
  return reason == ConnectRefusal::kPeersPerAddress
             ? "the server takes no more connections from this address "
               "(net.peers_per_address)"
             : "the server has no free connection; try again later";
}

}  // namespace coyote::net
