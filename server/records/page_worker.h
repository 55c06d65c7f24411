#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace coyote {

/// One thread that runs the records page's queries (docs/hosting.md#the-leaderboard-page), so
/// that the HTTP thread, which also answers /healthz, never waits on the database. At most
/// `capacity` jobs wait: beyond, `submit` says no and the caller answers 503 at once.
class PageWorker {
 public:
  explicit PageWorker(std::size_t capacity);
  /// Runs the jobs still waiting, then stops.
  ~PageWorker();
  PageWorker(const PageWorker&) = delete;
  PageWorker& operator=(const PageWorker&) = delete;

  /// Queues `job`; false (and `job` dropped) when `capacity` wait already.
  bool submit(std::function<void()> job);

 private:
  void loop();

  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_;  ///< last: started once everything it reads exists
};

}  // namespace coyote
