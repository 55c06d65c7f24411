#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include <spdlog/logger.h>

#include "server/session/outbox.h"
#include "server/session/per_session.h"

namespace coyote {

/// The malformed packets of each session (net.bad_packet_limit, docs/hosting.md#configuration):
/// what no client of ours sends is counted, logged at most once a second per session, and past
/// the limit within kWindowSeconds the session is kicked. After its room changed level, a
/// client's messages about the old world (inputs, acks and reports of ticks the new room has not
/// reached) are dropped without counting, for kMoveGraceSeconds: they were on their way before
/// the new Welcome came.
class MalformedPackets {
 public:
  static constexpr double kWindowSeconds = 10.0;
  static constexpr double kMoveGraceSeconds = 2.0;

  MalformedPackets(Outbox& outbox, std::uint32_t limit, std::shared_ptr<spdlog::logger> log)
      : outbox_(outbox), limit_(limit), log_(std::move(log)) {}

  /// A packet of `connection` was dropped for `reason`. True if it counted (not in a grace).
  bool reject(Connection& connection, const std::string& reason, double now);
  /// `connection`'s room changed level under it at `now`: its grace begins.
  void moved(const Connection& connection, double now) { sessions_.of(connection).movedAt = now; }
  /// `connection`'s session ended.
  void forget(const Connection& connection) { sessions_.forget(connection); }
  std::size_t sessionsKept() const { return sessions_.size(); }

 private:
  struct Count {
    std::uint32_t packets = 0;  ///< in the current window
    double windowStart = 0.0;   ///< s
    double lastLog = -1e9;      ///< s
    double movedAt = -1e9;      ///< s, when its room last changed level under it
  };

  Outbox& outbox_;
  std::uint32_t limit_;
  std::shared_ptr<spdlog::logger> log_;
  PerSession<Count> sessions_;
};

}  // namespace coyote
