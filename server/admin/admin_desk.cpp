#include "server/admin/admin_desk.h"

#include <chrono>
#include <utility>

namespace coyote {

AdminReply AdminDesk::ask(AdminCommand command) {
  std::future<AdminReply> reply;
  {
    const std::lock_guard lock(mutex_);
    if (waiting_.size() >= kMaxWaiting) {
      return {503, R"({"error":"too many admin requests at once; try again"})"};
    }
    waiting_.push_back({std::move(command), {}});
    reply = waiting_.back().reply.get_future();
    anyWaiting_.store(true, std::memory_order_release);
  }
  if (reply.wait_for(std::chrono::duration<double>(kWaitSeconds)) != std::future_status::ready) {
    // The loop may still take it and answer into a promise nobody reads: harmless.
    return {503, R"({"error":"the game loop did not answer within 2 s"})"};
  }
  try {
    return reply.get();
  } catch (const std::future_error&) {  // the loop stopped with it in hand
    return {503, R"({"error":"the server is shutting down"})"};
  }
}

std::vector<AdminDesk::Pending> AdminDesk::take() {
  if (!anyWaiting_.load(std::memory_order_acquire)) {
    return {};
  }
  const std::lock_guard lock(mutex_);
  anyWaiting_.store(false, std::memory_order_release);
  return std::exchange(waiting_, {});
}

}  // namespace coyote
