#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "net/enet.h"
#include "wire/server_info.h"

namespace coyote {

/// The datagrams that come to a UDP socket, each timed as it arrives by a thread of its own that
/// waits on the socket: the server browser's pings (ServerQuery) are then the network's round
/// trip, not the frame's (a reply read at the next frame counted the frame: 0 or 91 ms on
/// loopback). Bounded: past kMaxWaiting replies not yet taken, more are dropped and counted.
class ReplyCatcher {
 public:
  struct Arrival {
    ENetAddress from{};
    std::vector<std::uint8_t> bytes;
    double at = 0.0;  ///< monotonicSeconds() when it was read off the socket
  };
  static constexpr std::size_t kMaxWaiting = 4096;
  /// One byte more than a reply may have: a longer datagram is seen to be too long.
  static constexpr std::size_t kMaxBytes = net::kMaxInfoReplySize + 1;

  /// Starts waiting on `socket` (non-blocking), which must outlive this.
  explicit ReplyCatcher(ENetSocket socket);
  /// Stops the thread (within kWaitMs).
  ~ReplyCatcher();
  ReplyCatcher(const ReplyCatcher&) = delete;
  ReplyCatcher& operator=(const ReplyCatcher&) = delete;

  /// What came since the last call, in order; adds to `dropped` what did not fit meanwhile.
  std::vector<Arrival> take(std::uint64_t& dropped);

 private:
  static constexpr std::uint32_t kWaitMs = 50;  ///< how soon a stop is seen
  void run();

  ENetSocket socket_;
  std::mutex mutex_;
  std::vector<Arrival> waiting_;
  std::uint64_t dropped_ = 0;
  std::atomic<bool> stopping_{false};
  std::thread thread_;  ///< last: it starts once the rest is made
};

}  // namespace coyote
