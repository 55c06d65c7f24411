#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include <enet/enet.h>

#include "net/connect_gate.h"
#include "net/enet_host.h"
#include "server/token_bucket.h"
#include "wire/server_info.h"

namespace coyote {

/// Answers server info queries (net/server_info.h) on the game port, before ENet sees them: no
/// peer and no state of its own. One reply per address and port per 100 ms (the connect gate's
/// table, net/connect_gate.h) and at most kRepliesPerSecond in all, so a spoofed flood draws a
/// bounded trickle of replies, each at most 3 times the request that asked for it.
class InfoResponder {
 public:
  static constexpr double kRepliesPerSecond = 200.0;

  /// Builds the server's info, listing rooms from `firstRoom`.
  using InfoSource = std::function<net::ServerInfo(std::uint16_t firstRoom)>;
  InfoResponder(net::ConnectGate& gate, InfoSource info) : gate_(gate), info_(std::move(info)) {}

  /// True if `datagram` is an info request (ENet must not see it); answered when the limits
  /// allow.
  bool answer(const net::EnetHost& host, const ENetAddress& from,
              std::span<const std::uint8_t> datagram, double now);

  struct Counters {
    std::uint64_t requests = 0;
    std::uint64_t replies = 0;
    std::uint64_t replyBytes = 0;
    std::uint64_t throttled = 0;  ///< not answered: the address's 100 ms or the global budget
  };
  const Counters& counters() const { return counters_; }

 private:
  net::ConnectGate& gate_;
  InfoSource info_;
  TokenBucket budget_{kRepliesPerSecond, kRepliesPerSecond};
  Counters counters_;
};

}  // namespace coyote
