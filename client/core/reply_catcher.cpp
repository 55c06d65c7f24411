#include "client/core/reply_catcher.h"

#include <array>
#include <utility>

#include "util/monotonic_clock.h"

namespace coyote {

ReplyCatcher::ReplyCatcher(ENetSocket socket) : socket_(socket), thread_([this] { run(); }) {}

ReplyCatcher::~ReplyCatcher() {
  stopping_ = true;
  thread_.join();
}

std::vector<ReplyCatcher::Arrival> ReplyCatcher::take(std::uint64_t& dropped) {
  const std::lock_guard lock(mutex_);
  dropped += std::exchange(dropped_, 0);
  return std::exchange(waiting_, {});
}

void ReplyCatcher::run() {
  std::array<std::uint8_t, kMaxBytes> bytes{};
  while (!stopping_) {
    enet_uint32 condition = ENET_SOCKET_WAIT_RECEIVE;
    if (enet_socket_wait(socket_, &condition, kWaitMs) != 0 ||
        (condition & ENET_SOCKET_WAIT_RECEIVE) == 0) {
      continue;  // nothing within the wait (or a signal): look at the stop, wait again
    }
    for (;;) {  // everything there is, each timed as it is read
      ENetAddress from{};
      ENetBuffer buffer;
      buffer.data = bytes.data();
      buffer.dataLength = bytes.size();
      const int received = enet_socket_receive(socket_, &from, &buffer, 1);
      if (received <= 0) {
        break;  // nothing more (or an error, which the next wait meets again)
      }
      const double at = monotonicSeconds();
      const std::lock_guard lock(mutex_);
      if (waiting_.size() >= kMaxWaiting) {
        ++dropped_;
        continue;
      }
      waiting_.push_back(
          {from, std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + received), at});
    }
  }
}

}  // namespace coyote
