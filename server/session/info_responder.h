#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "net/enet.h"

#include "net/enet_host.h"
#include "server/session/info_fair_share.h"
#include "wire/server_info.h"

namespace coyote {

/// Answers server info queries (net/server_info.h) on the game port, before ENet sees them: no
/// peer. Replies are shared out fairly (info_fair_share.h): 5 a second per source IP, and of the
/// 200 a second in all a share kept for sources that were quiet, so a spoofed flood draws a
/// bounded trickle of replies, each at most 3 times the request that asked for it, and a
/// browser is still answered.
class InfoResponder {
 public:
  /// Builds the server's info, listing rooms from `firstRoom`.
  using InfoSource = std::function<net::ServerInfo(std::uint16_t firstRoom)>;
  explicit InfoResponder(InfoSource info) : info_(std::move(info)) {}

  /// True if `datagram` is an info request (ENet must not see it); answered when the limits
  /// allow.
  bool answer(const net::EnetHost& host, const ENetAddress& from,
              std::span<const std::uint8_t> datagram, double now);

  struct Counters {
    std::uint64_t requests = 0;
    std::uint64_t replies = 0;
    std::uint64_t replyBytes = 0;
    std::uint64_t throttled = 0;  ///< not answered: the source's share or the server's budget
  };
  const Counters& counters() const { return counters_; }
  const InfoFairShare& share() const { return share_; }

 private:
  InfoSource info_;
  InfoFairShare share_;
  Counters counters_;
};

}  // namespace coyote
