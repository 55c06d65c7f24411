#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace coyote {

/// What a client measures about its connection and its prediction (docs/playing.md#debug-views, the
/// F3 net graph).
struct ClientStats {
  double rttMs = 0.0;
  double lossPercent = 0.0;       ///< frames from the server that never arrived (last 256)
  double upLossPercent = 0.0;     ///< our input batches the server never got, as it reports
  double bytesUpPerSecond = 0.0;  ///< ENet payload + 28 bytes of UDP/IP per datagram
  double bytesDownPerSecond = 0.0;
  std::uint64_t bytesUp = 0;
  std::uint64_t bytesDown = 0;
  std::uint64_t rollbacks = 0;
  std::uint64_t rollbackTicks = 0;  ///< sum of depths, for the mean
  std::uint32_t maxRollbackDepth = 0;
  std::uint64_t ownInputRollbacks = 0;  ///< rollbacks where only this client's input differed
  std::int32_t inputMargin = 0;         ///< ticks early (+) or late (-), as the server saw
  std::int32_t targetMargin = 0;        ///< what time sync aims for (adapts to the link)
  double dilation = 0.0;
  std::uint64_t checkedHashes = 0;  ///< confirmed ticks whose hash was compared with the server's
  std::uint32_t desyncs = 0;
  std::uint32_t repairedDesyncs = 0;
  std::vector<std::string> lastDesyncFields;
  std::uint32_t lateInputs = 0;  ///< own inputs the server replaced (arrived too late)
  std::uint32_t fullStates = 0;
  std::uint32_t reconnects = 0;  ///< times it lost the server and came back with its token
  std::uint32_t confirmedTick = 0;
  std::uint64_t confirmedHash = 0;
  bool confirmedHashMatches = true;  ///< the last confirmed tick's hash equals the server's
  std::uint32_t predictedTick = 0;
  std::uint32_t serverTick = 0;

  double meanRollbackDepth() const {
    return rollbacks == 0 ? 0.0
                          : static_cast<double>(rollbackTicks) / static_cast<double>(rollbacks);
  }
  std::uint32_t unrepairedDesyncs() const { return desyncs - repairedDesyncs; }
};

}  // namespace coyote
