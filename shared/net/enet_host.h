#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "net/enet.h"

#include "wire/messages.h"

namespace coyote::net {

/// Limits of one ENet host, set on purpose (docs/protocol.md#bounds).
struct HostLimits {
  std::size_t peers = 1;
  std::size_t peersPerAddress = 1;  ///< ENet `duplicatePeers`
  std::size_t maximumPacketSize = kMaxPacketSize;
  std::size_t maximumWaitingData = kMaxWaitingData;
};

inline constexpr std::uint64_t kUdpIpHeaderBytes = 28;

/// Bytes (ENet payload) and datagrams a host sent and received.
struct TrafficTotals {
  std::uint64_t bytesSent = 0;
  std::uint64_t bytesReceived = 0;
  std::uint64_t datagramsSent = 0;
  std::uint64_t datagramsReceived = 0;

  /// What the link carried: the payload plus 28 bytes of UDP/IP header per datagram.
  std::uint64_t wireBytesSent() const { return bytesSent + datagramsSent * kUdpIpHeaderBytes; }
  std::uint64_t wireBytesReceived() const {
    return bytesReceived + datagramsReceived * kUdpIpHeaderBytes;
  }
};

/// An ENet host (one UDP socket) that frees itself. Creates the ENet library on first use.
class EnetHost {
 public:
  /// A listening host; port 0 picks a free port (see `port()`). Throws std::runtime_error.
  static EnetHost listen(const std::string& bindAddress, std::uint16_t port,
                         const HostLimits& limits);
  /// A client host with one outgoing peer, on `bindAddress` ("" = any; tests use other
  /// loopback addresses such as 127.0.0.2 to play another machine).
  static EnetHost client(const std::string& bindAddress = "");

  ENetHost* get() const { return host_.get(); }
  std::uint16_t port() const;
  TrafficTotals traffic() const;

  /// Sees every datagram before ENet does (ENet's `intercept`); returns true to keep it from
  /// ENet. Replaces any earlier filter; an empty function removes it.
  using DatagramFilter =
      std::function<bool(const ENetAddress& from, std::span<const std::uint8_t> datagram)>;
  void setDatagramFilter(DatagramFilter filter);

  /// Sends one raw datagram (not ENet protocol) from this host's socket.
  void sendDatagram(const ENetAddress& to, std::span<const std::uint8_t> datagram) const;

 private:
  struct Destroy {
    void operator()(ENetHost* host) const;
  };
  explicit EnetHost(ENetHost* host) : host_(host) {}
  // Declared first so that it outlives the host, which may still call it until destroyed.
  std::unique_ptr<DatagramFilter> filter_;
  std::unique_ptr<ENetHost, Destroy> host_;
};

/// Sets a connected peer up for a game on a lossy link: ENet drops it only after a reliable
/// message went unacknowledged for `reliableTimeoutSeconds` (silence is detected by the game,
/// which hears from a live peer many times a second), and ENet's packet throttle, which would
/// discard unreliable inputs and frames when the round trip varies, stays fully open (the
/// remote end is told to do the same).
void configureGamePeer(ENetPeer* peer, double reliableTimeoutSeconds);

/// ENet's flags for a packet on `channel`: reliable on channel 0; on channel 1 unreliable and
/// sequenced even when it spans several datagrams (ENet sends the fragments of a large unreliable
/// packet reliably unless told not to), so a frame arrives whole or not at all and never waits
/// for a lost piece to be sent again.
enet_uint32 packetFlags(Channel channel);

/// Encodes and queues a message on `channel`, with `packetFlags(channel)`.
void sendMessage(ENetPeer* peer, const Message& message, Channel channel);
/// The same for a message already encoded.
void sendEncoded(ENetPeer* peer, std::span<const std::uint8_t> encoded, Channel channel);

/// The peer's address as "a.b.c.d:port", for logs.
std::string peerAddress(const ENetPeer* peer);
/// "a.b.c.d": the IPv4 address alone, as bans name it.
std::string hostAddress(const ENetAddress& address);

}  // namespace coyote::net
