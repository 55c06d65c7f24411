#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "net/enet.h"

#include "net/connect_cookie.h"
#include "net/enet_host.h"

namespace coyote::net {

/// The server half of the connect challenge (see connect_cookie.h). It answers cookie requests
/// and lets through only the ENet CONNECTs whose connect data is the cookie of their source
/// address. It keeps no per-client state: a cookie is SipHash-2-4 (libsodium's shorthash) of the
/// address and a 10 s time bucket under a secret drawn from the OS at start, valid for the
/// current and the previous bucket (10–20 s). Its only table, the reply rate limit, has a fixed
/// size whatever the number of addresses.
class ConnectGate {
 public:
  static constexpr double kBucketSeconds = 10.0;
  static constexpr double kReplyIntervalSeconds = 0.1;  ///< per address (IP and port)

  ConnectGate();

  /// Why a CONNECT with a valid cookie would be dropped by ENet (nullopt: it would not).
  /// `connectId` tells a retransmitted CONNECT of a peer ENet already made, which ENet ignores.
  using Admission = std::function<std::optional<ConnectRefusal>(const ENetAddress& from,
                                                                std::uint32_t connectId)>;
  /// Set by the server: such CONNECTs are answered with a refusal (connect_cookie.h), at most
  /// one per address per kReplyIntervalSeconds, and ENet never sees them.
  void setAdmission(Admission admission) { admission_ = std::move(admission); }

  struct Decision {
    bool consumed = false;                           ///< ENet must not see the datagram
    std::optional<std::vector<std::uint8_t>> reply;  ///< to send back to the sender
  };
  /// What to do with one datagram from `from` at `now` (s, the server's clock).
  Decision inspect(const ENetAddress& from, std::span<const std::uint8_t> datagram, double now);

  /// `inspect`, then sends the reply from `host`: a host's datagram filter. True if ENet must
  /// not see the datagram.
  bool screen(const EnetHost& host, const ENetAddress& from, std::span<const std::uint8_t> datagram,
              double now);

  std::uint32_t cookieFor(const ENetAddress& address, double now) const;

  /// What the server sends without a peer, each limited apart to one per address and port per
  /// kReplyIntervalSeconds (a cookie reply does not hold back the refusal just after it).
  enum class Reply : std::int64_t { kCookie = -1, kRefusal = -2 };
  /// True (and remembered) if a reply of `kind` may go to `from` at `now`. Its table has a
  /// fixed size whatever the number of addresses.
  bool replyAllowed(const ENetAddress& from, double now, Reply kind);

  struct Counters {
    std::uint64_t repliesSent = 0;
    std::uint64_t requestsThrottled = 0;  ///< a second request from an address within 100 ms
    /// CONNECTs without a valid cookie, and datagrams for no peer that are not a CONNECT: dropped
    std::uint64_t connectsRefused = 0;
    /// CONNECTs with a valid cookie that the admission refused, and the refusals sent for them
    std::uint64_t connectsTurnedAway = 0;
    std::uint64_t refusalsSent = 0;
  };
  const Counters& counters() const { return counters_; }

 private:
  static constexpr std::size_t kRateSlots = 4096;
  struct RateSlot {
    std::uint32_t host = 0;
    std::uint16_t port = 0;
    double lastReply = -1e9;
  };

  std::uint64_t keyedHash(const ENetAddress& address, std::int64_t domain) const;
  Decision admit(const ENetAddress& from, std::uint32_t connectId, double now);
  bool validCookie(const ENetAddress& from, std::uint32_t cookie, double now) const;

  std::array<std::uint8_t, 16> secret_{};
  std::array<RateSlot, kRateSlots> rate_{};
  Admission admission_;
  Counters counters_;
};

}  // namespace coyote::net
