#pragma once

#include <atomic>
#include <cstddef>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "http/http_server.h"

namespace coyote {

/// What the admin API asks of the game: an action (`kick`, `ban`, `players` …) and its
/// arguments, already authenticated (admin_api.h).
struct AdminCommand {
  std::string action;
  HttpServer::Query arguments;
};

/// The game's answer: an HTTP status and a JSON body.
struct AdminReply {
  int status = 200;
  std::string json;
};

/// Where the HTTP thread leaves admin commands for the tick loop, which alone may touch rooms and
/// connections, and waits for their replies. The loop takes them between ticks and answers at
/// once; a loop that does not take them within `kWaitSeconds` (stalled, or shutting down) leaves
/// the caller a 503. At most kMaxWaiting commands wait: an admin cannot queue more work than the
/// loop does in a turn.
class AdminDesk {
 public:
  static constexpr std::size_t kMaxWaiting = 16;
  static constexpr double kWaitSeconds = 2.0;

  struct Pending {
    AdminCommand command;
    std::promise<AdminReply> reply;
  };

  /// From the HTTP thread: the loop's reply, or a 503 saying why there is none.
  AdminReply ask(AdminCommand command);
  /// From the tick loop: the commands waiting (cheap when there are none).
  std::vector<Pending> take();

 private:
  std::mutex mutex_;
  std::vector<Pending> waiting_;
  std::atomic<bool> anyWaiting_{false};  ///< the loop looks here every turn, without the lock
};

}  // namespace coyote
