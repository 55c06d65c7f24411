#pragma once

#include <cstdint>
#include <string>

#include "limits/address_rate_limit.h"
#include "listing/registration.h"
#include "master/address_proof.h"
#include "master/master_config.h"
#include "master/server_table.h"
#include "master/token_sender.h"

namespace coyote {

/// POST /register (docs/master.md#registering): reads a game server's registration, checks
/// who may ask, and lists the server once its address is proven. In order:
/// 1. the source IP's registrations a minute (master.registrations_per_minute), else 429;
/// 2. the registration's own bounds (listing::parseRegistration), else 400 naming the field;
/// 3. the address it claims (its own, or `address` for a NAT or a fleet's node) must be one a
///    list may show: never 0/8, multicast or reserved; private ranges only with
///    master.list_private_addresses; else 403;
/// 4. with a valid token for that address, port and challenge: listed (200), within
///    master.max_servers (else 503) and master.servers_per_address (else 429);
/// 5. without one: refused (409) if another server, from another IP, holds the address;
///    else a token is sent there and the answer is 202: the server's next registration,
///    carrying it, is listed. Two budgets of master.tokens_per_minute bound the tokens sent to
///    one IP: one for the registrations that come from that IP itself, one for those that name
///    it from elsewhere. A stranger can spend only the second, so it can neither delay nor undo
///    the listing of a server that registers from its own address; an IP that never asked is
///    sent at most master.tokens_per_minute datagrams a minute.
/// A proven registration that says `leaving` takes its server off the list at once.
class RegistrationDesk {
 public:
  struct Answer {
    int status = 200;
    std::string json;  ///< `{"status": …}` or `{"error": …}`
  };
  struct Counters {
    std::uint64_t listed = 0;  ///< proven registrations that listed or refreshed a server
    std::uint64_t tokensSent = 0;
    std::uint64_t malformed = 0;  ///< 400
    std::uint64_t refused = 0;    ///< 403, 409
    std::uint64_t limited = 0;    ///< 429, 503
    std::uint64_t left = 0;       ///< servers that said they were stopping, taken off
  };

  RegistrationDesk(const MasterConfig& config, ServerTable& table);

  /// `source`: the HTTP client's IPv4 address, "a.b.c.d".
  Answer registration(const std::string& body, const std::string& source, double now);
  const Counters& counters() const { return counters_; }

 private:
  Answer proven(const listing::Registration& registration, const net::ServerEndpoint& endpoint,
                std::uint32_t source, double now);
  Answer challenge(const listing::Registration& registration, const net::ServerEndpoint& endpoint,
                   std::uint32_t source, double now);
  Answer refuse(int status, const std::string& reason);

  bool listPrivate_;
  double expirySeconds_;
  ServerTable& table_;
  AddressProof proof_;
  TokenSender sender_;
  AddressRateLimit registrations_;
  AddressRateLimit ownTokens_;     ///< to an IP, asked for from that IP
  AddressRateLimit othersTokens_;  ///< to an IP, asked for from any other
  Counters counters_;
};

/// Why `host` (network byte order) cannot be listed, or "": 0/8, multicast, reserved and
/// broadcast never; loopback, private, link-local and shared ranges unless `allowPrivate`.
std::string unlistableAddress(std::uint32_t host, bool allowPrivate);

}  // namespace coyote
