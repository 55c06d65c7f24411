#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace coyote::net {

// The stateless connect challenge (netcode.io's challenge, DDNet's anti-spoof token, TCP's SYN
// cookies). Before ENet gives a client a peer, the client sends a raw datagram asking for a
// cookie; the server answers with a keyed hash of the client's address and the time, keeping no
// state; the client's ENet CONNECT carries the cookie in its connect data, and the server drops
// every CONNECT without a valid one before ENet allocates anything. A forged source address
// never sees its cookie, so a spoofed flood of CONNECTs costs the server nothing.

/// A cookie request: this magic, then zero padding up to `kCookieRequestSize` bytes. The padding
/// makes the request larger than the reply, so the server is no amplifier.
inline constexpr std::array<std::uint8_t, 8> kCookieRequestMagic{'C', 'O', 'Y', 'O',
                                                                 'T', 'E', '?', 'C'};
inline constexpr std::size_t kCookieRequestSize = 32;

/// A cookie reply: this magic, then the 32-bit cookie, little-endian.
inline constexpr std::array<std::uint8_t, 8> kCookieReplyMagic{'C', 'O', 'Y', 'O',
                                                               'T', 'E', '!', 'C'};
inline constexpr std::size_t kCookieReplySize = 12;
static_assert(kCookieReplySize <= kCookieRequestSize, "a reply never outweighs its request");

using CookieRequest = std::array<std::uint8_t, kCookieRequestSize>;
using CookieReply = std::array<std::uint8_t, kCookieReplySize>;

CookieRequest makeCookieRequest();
bool isCookieRequest(std::span<const std::uint8_t> datagram);
CookieReply makeCookieReply(std::uint32_t cookie);
/// The cookie of a well-formed reply, nullopt for anything else.
std::optional<std::uint32_t> parseCookieReply(std::span<const std::uint8_t> datagram);

/// What an incoming datagram asks of ENet, read from its protocol header (enet/protocol.h).
struct EnetDatagram {
  enum class Kind {
    kForPeer,     ///< addressed to an existing peer: ENet checks it against that peer
    kConnect,     ///< a connection request; `connectData` is the cookie it carries
    kUnexpected,  ///< addressed to no peer and not a well-formed CONNECT (compressed, short…)
  };
  Kind kind = Kind::kUnexpected;
  std::uint32_t connectData = 0;
};
/// Classifies a datagram the way `enet_protocol_handle_incoming_commands` will (without a
/// checksum or a compressor, as Coyote's hosts are set up).
EnetDatagram classifyEnetDatagram(std::span<const std::uint8_t> datagram);

}  // namespace coyote::net
