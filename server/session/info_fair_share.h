#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "limits/token_bucket.h"

namespace coyote {

/// Who gets the server's info replies (docs/protocol.md#security), so that a browser asking now
/// and then is answered through any flood. Each source IP, whatever its ports, has a bucket of
/// kPerSourceBurst replies refilled at kPerSourceRate a second. Within the server's budget of
/// kQuietRate + kBusyRate a second, kQuietRate is kept for quiet sources, those whose bucket is
/// full when they ask (nothing asked for a second): one IP flooding from thousands of ports gets
/// 5 a second, a thousand IPs flooding share the busy part, and a browser, quiet, still finds
/// replies left. Sources are kept in a fixed table of sets of kWays under a keyed hash (no
/// memory grows with the flood, and nobody can aim at a browser's set); a source that takes the
/// place of one heard in the last kActiveSeconds is not quiet, so that sources pushing each
/// other out cannot pass for quiet ones.
class InfoFairShare {
 public:
  static constexpr double kPerSourceBurst = 5.0;
  static constexpr double kPerSourceRate = 5.0;
  static constexpr double kQuietRate = 50.0;
  static constexpr double kBusyRate = 150.0;
  static constexpr std::size_t kSources = 8192;
  static constexpr std::size_t kWays = 4;
  static constexpr double kActiveSeconds = 2.0;

  InfoFairShare();

  /// Whether a request from IPv4 `host` (network byte order) at `now` (s) is answered.
  bool admit(std::uint32_t host, double now);

  struct Counters {
    std::uint64_t quiet = 0;     ///< answered from the quiet sources' share
    std::uint64_t busy = 0;      ///< answered from the busy sources' share
    std::uint64_t bySource = 0;  ///< refused: the source's own bucket was empty
    std::uint64_t byBudget = 0;  ///< refused: the server's budget was spent
  };
  const Counters& counters() const { return counters_; }

 private:
  struct Source {
    std::uint32_t host = 0;
    bool used = false;
    double lastSeen = -1e9;
    TokenBucket bucket{kPerSourceBurst, kPerSourceRate};
  };
  /// The source's place in its set: its own, a free one, or the one heard from longest ago.
  Source& sourceOf(std::uint32_t host, double now);

  std::array<unsigned char, 16> hashKey_{};
  std::vector<Source> sources_;
  TokenBucket quiet_{kQuietRate, kQuietRate};
  TokenBucket busy_{kBusyRate, kBusyRate};
  Counters counters_;
};

}  // namespace coyote
