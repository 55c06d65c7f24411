#include "server/rooms/room_step_pool.h"

namespace coyote {

RoomStepPool::RoomStepPool(int threads) {
  for (int i = 1; i < threads; ++i) {
    workers_.emplace_back([this] { work(); });
  }
}

RoomStepPool::~RoomStepPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& worker : workers_) {
    worker.join();
  }
}

void RoomStepPool::run(std::size_t count, const std::function<void(std::size_t)>& step) {
  onLoop_.assign(count, 0);
  if (workers_.empty()) {
    for (std::size_t job = 0; job < count; ++job) {
      step(job);
      onLoop_[job] = 1;
    }
    return;
  }
  {
    std::lock_guard lock(mutex_);
    step_ = &step;
    count_ = count;
    next_.store(0);
    busy_ = workers_.size();
    ++generation_;
  }
  start_.notify_all();
  takeJobs(true);
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return busy_ == 0; });
  step_ = nullptr;
}

void RoomStepPool::work() {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) {
        return;
      }
      seen = generation_;
    }
    takeJobs(false);
    std::lock_guard lock(mutex_);
    if (--busy_ == 0) {
      done_.notify_one();
    }
  }
}

// The jobs are handed out by one atomic counter: whichever thread is free takes the next room.
void RoomStepPool::takeJobs(bool loopThread) {
  for (std::size_t job = next_.fetch_add(1); job < count_; job = next_.fetch_add(1)) {
    (*step_)(job);
    onLoop_[job] = loopThread ? 1 : 0;  // each job's own byte: no two threads write one
  }
}

}  // namespace coyote
