#pragma once

#include <cstdint>
#include <optional>

#include "net/enet.h"

#include "net/connect_cookie.h"
#include "net/enet_host.h"

namespace coyote::net {

/// The client half of the connect challenge (see connect_cookie.h): asks the server for a
/// cookie, again with back-off while none comes (a request or its reply may be lost), then
/// starts ENet's connection with the cookie as connect data. Installs a datagram filter on the
/// host for the replies, so it must outlive its use of the host; it cannot be moved.
class ConnectChallenge {
 public:
  ConnectChallenge(EnetHost& host, const ENetAddress& server);
  ConnectChallenge(const ConnectChallenge&) = delete;
  ConnectChallenge& operator=(const ConnectChallenge&) = delete;

  /// Sends a request if one is due at `now` (s, any origin); once a cookie has arrived (the host
  /// is serviced by its owner), starts the connection and returns its peer — once. Otherwise
  /// returns nullptr.
  ENetPeer* update(double now);

  /// Starts over (a connection attempt failed): new requests from `now` on.
  void restart(double now);

  int requestsSent() const { return requestsSent_; }
  /// The cookie the current attempt's CONNECT carries (0 before one started): the Hello signs it.
  std::uint32_t cookie() const { return connecting_ ? cookie_.value_or(0) : 0; }
  /// Where the requests and the CONNECT go.
  const ENetAddress& server() const { return server_; }
  /// Whether the server ever answered a request (a cookie or a refusal), in any attempt.
  bool everAnswered() const { return everAnswered_; }
  /// The server refused the CONNECT (connect_cookie.h): the attempt is over, with this reason.
  std::optional<ConnectRefusal> refusal() const { return refusal_; }

  /// Seconds between requests: 0.25 s for the first `kQuickRequests` (the 5 s after which a
  /// client says no server answered), then 1 s.
  static constexpr int kQuickRequests = 20;
  static double retryDelay(int requestsSent);

 private:
  EnetHost& host_;
  ENetAddress server_;
  std::optional<std::uint32_t> cookie_;
  std::optional<ConnectRefusal> refusal_;
  const ENetPeer* peer_ = nullptr;  ///< this attempt's, whose connectID a refusal must carry
  double nextRequestAt_ = -1.0;     ///< < 0: at the first update
  int requestsSent_ = 0;
  int attemptRequests_ = 0;
  bool connecting_ = false;
  bool everAnswered_ = false;
};

}  // namespace coyote::net
