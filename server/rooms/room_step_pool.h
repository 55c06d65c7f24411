#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace coyote {

/// Steps the rooms of one tick on `rooms.threads` threads (docs/hosting.md#rooms): the loop's own
/// thread and threads − 1 workers take rooms in turn until none is left. A room is stepped whole
/// by one thread and rooms share nothing they write, so every room's result is the one a single
/// thread gives (the rooms-threads test compares their replays). With one thread there is no
/// worker, no lock and no wake-up.
class RoomStepPool {
 public:
  explicit RoomStepPool(int threads);
  ~RoomStepPool();
  RoomStepPool(const RoomStepPool&) = delete;
  RoomStepPool& operator=(const RoomStepPool&) = delete;

  /// Calls `step(i)` once for every i in [0, count), on any of the threads; returns when all
  /// are done. `onLoopThread(i)` tells afterwards whether job i ran on the caller's thread.
  void run(std::size_t count, const std::function<void(std::size_t)>& step);
  bool ranOnLoopThread(std::size_t job) const { return job < onLoop_.size() && onLoop_[job] != 0; }
  int threads() const { return static_cast<int>(workers_.size()) + 1; }

 private:
  void work();
  void takeJobs(bool loopThread);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void(std::size_t)>* step_ = nullptr;
  std::size_t count_ = 0;
  std::atomic<std::size_t> next_{0};
  std::vector<std::uint8_t> onLoop_;  ///< per job: 1 if the caller's thread ran it
  std::uint64_t generation_ = 0;      ///< one per run(): what wakes the workers
  std::size_t busy_ = 0;              ///< workers not yet done with this run
  bool stopping_ = false;
};

}  // namespace coyote
