#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "wire/player_identity.h"

namespace coyote {

/// The addresses a client may have sent its datagrams to and still be talking to this server,
/// which a Hello's signature must name (docs/protocol.md#player-keys): `server.public_addresses`
/// (a NAT's or a container's published address), loopback on any port (the client's own
/// machine, a local proxy perhaps), and on the server's own port its bound address or, bound to
/// every interface, any address of the machine's interfaces. A stranger's relay that hands a
/// player's Hello on to this server had it signed for the relay's address: refused.
class ServerAddresses {
 public:
  /// `publicAddresses` as config checked them; `boundHost` in network byte order (0: every
  /// interface); `port` the one the server listens on.
  ServerAddresses(const std::vector<std::string>& publicAddresses, std::uint32_t boundHost,
                  std::uint16_t port);

  /// Whether `endpoint` is this server's. An interface's address unknown at start (one came up
  /// since) is found by reading the interfaces again, at most every 10 s.
  bool contains(const net::ServerEndpoint& endpoint, double now);
  /// One more public address, learnt after the start (a fleet's node and host port).
  void add(const net::ServerEndpoint& endpoint);
  /// What a refusal tells the player, e.g. "this server is not at 203.0.113.5:7777 as far as it
  /// knows (its host may add the address to server.public_addresses)".
  static std::string refusal(const net::ServerEndpoint& endpoint);

 private:
  bool known(const net::ServerEndpoint& endpoint) const;
  void readInterfaces();

  std::vector<net::ServerEndpoint> public_;
  std::uint32_t boundHost_;
  std::uint16_t port_;
  std::vector<std::uint32_t> interfaces_;  ///< IPv4 hosts of the machine, network byte order
  double interfacesReadAt_ = -1e9;
};

}  // namespace coyote
