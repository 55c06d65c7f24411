#include "server/records/page_worker.h"

namespace coyote {

PageWorker::PageWorker(std::size_t capacity) : capacity_(capacity), thread_([this] { loop(); }) {}

PageWorker::~PageWorker() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

bool PageWorker::submit(std::function<void()> job) {
  {
    const std::lock_guard lock(mutex_);
    if (jobs_.size() >= capacity_) {
      return false;
    }
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void PageWorker::loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) {
      return;  // stopping, and nothing left to answer
    }
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    lock.lock();
  }
}

}  // namespace coyote
