#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>

#include <enet/enet.h>

#include "net/enet_host.h"
#include "net/server_info.h"

namespace coyote {

/// Answers server info queries (net/server_info.h) on the game port, before ENet sees them: no
/// peer, no state but a fixed rate table. One reply per address and port per 100 ms, and at most
/// kRepliesPerSecond in all, so a spoofed flood draws a bounded trickle of replies, each at most
/// 3 times the request that asked for it.
class InfoResponder {
 public:
  static constexpr double kReplyIntervalSeconds = 0.1;
  static constexpr double kRepliesPerSecond = 200.0;

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
    std::uint64_t throttled = 0;  ///< not answered: the address's 100 ms or the global budget
  };
  const Counters& counters() const { return counters_; }

 private:
  bool allowed(const ENetAddress& from, double now);

  struct RateSlot {
    std::uint32_t host = 0;
    std::uint16_t port = 0;
    double lastReply = -1e9;
  };
  static constexpr std::size_t kRateSlots = 1024;
  InfoSource info_;
  std::array<RateSlot, kRateSlots> rate_{};
  double budget_ = kRepliesPerSecond;  ///< replies left, refilled at kRepliesPerSecond
  double budgetAt_ = 0.0;
  Counters counters_;
};

}  // namespace coyote
