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

/// A CONNECT with a valid cookie that ENet would drop without a word (the address holds
/// net.peers_per_address peers already, or no peer is free) is answered with this magic, the
/// reason's code and the CONNECT's connectID instead: the client learns why at once, not after
/// its connect timeout, and takes it only if it carries its own CONNECT's ID (so a sender that
/// never saw that CONNECT cannot end a connection attempt). 13 bytes against a CONNECT's 52 or
/// more, to an address the cookie has proven.
inline constexpr std::array<std::uint8_t, 8> kConnectRefusalMagic{'C', 'O', 'Y', 'O',
                                                                  'T', 'E', '!', 'R'};
inline constexpr std::size_t kConnectRefusalSize = 13;
enum class ConnectRefusal : std::uint8_t {
  kPeersPerAddress = 1,  ///< this address has net.peers_per_address connections already
  kServerFull = 2,       ///< every ENet peer of the server is in use
};

using CookieRequest = std::array<std::uint8_t, kCookieRequestSize>;
using CookieReply = std::array<std::uint8_t, kCookieReplySize>;

CookieRequest makeCookieRequest();
bool isCookieRequest(std::span<const std::uint8_t> datagram);
CookieReply makeCookieReply(std::uint32_t cookie);
/// The cookie of a well-formed reply, nullopt for anything else.
std::optional<std::uint32_t> parseCookieReply(std::span<const std::uint8_t> datagram);
struct ConnectRefusalReply {
  ConnectRefusal reason;
  std::uint32_t connectId;  ///< the refused CONNECT's, as ENet wrote it
};
std::array<std::uint8_t, kConnectRefusalSize> makeConnectRefusal(ConnectRefusal reason,
                                                                 std::uint32_t connectId);
/// A well-formed refusal, nullopt for anything else (an unknown code too).
std::optional<ConnectRefusalReply> parseConnectRefusal(std::span<const std::uint8_t> datagram);
/// What a player is told.
const char* describe(ConnectRefusal reason);

/// What an incoming datagram asks of ENet, read from its protocol header (enet/protocol.h).
struct EnetDatagram {
  enum class Kind {
    kForPeer,     ///< addressed to an existing peer: ENet checks it against that peer
    kConnect,     ///< a connection request; `connectData` is the cookie it carries
    kUnexpected,  ///< addressed to no peer and not a well-formed CONNECT (compressed, short…)
  };
  Kind kind = Kind::kUnexpected;
  std::uint32_t connectData = 0;
  std::uint32_t connectId = 0;  ///< a CONNECT's: its retransmissions carry the same
};
/// Classifies a datagram the way `enet_protocol_handle_incoming_commands` will (without a
/// checksum or a compressor, as Coyote's hosts are set up).
EnetDatagram classifyEnetDatagram(std::span<const std::uint8_t> datagram);

}  // namespace coyote::net
