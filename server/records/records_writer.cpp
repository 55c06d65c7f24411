#include "server/records/records_writer.h"

#include <algorithm>
#include <chrono>

namespace coyote {

RecordsWriter::RecordsWriter(Opener open, std::size_t capacity, double retrySeconds,
                             std::shared_ptr<spdlog::logger> log)
    : open_(std::move(open)),
      capacity_(capacity),
      retrySeconds_(retrySeconds),
      log_(std::move(log)),
      thread_([this] { loop(); }) {}

RecordsWriter::~RecordsWriter() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    stopBy_ = now() + kDrainSeconds;
  }
  wake_.notify_all();
  thread_.join();
  const std::lock_guard lock(mutex_);
  if (!queue_.empty()) {
    log_->warn("records: {} finished runs never reached the database", queue_.size());
  }
}

bool RecordsWriter::submit(FinishedRun run) {
  {
    const std::lock_guard lock(mutex_);
    if (queue_.size() >= capacity_) {
      counters_.dropped.fetch_add(1);
      return false;
    }
    queue_.push_back({std::move(run), now()});
    counters_.waiting.store(queue_.size());
  }
  wake_.notify_one();
  return true;
}

double RecordsWriter::now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void RecordsWriter::loop() {
  // Opened at once, so that a database that cannot be used is in the log at start (and its
  // schema is migrated before the first run finishes); else at the first write.
  std::unique_ptr<RecordsStore> store;
  bool failing = false;
  try {
    store = open_();
    log_->info("records: database ready (schema version {})", store->schemaVersion());
  } catch (const std::exception& error) {
    failing = true;
    counters_.failures.fetch_add(1);
    log_->warn("records: {}; finished runs wait and are retried every {} s", error.what(),
               retrySeconds_);
  }
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty() || (stopping_ && now() >= stopBy_)) {
      return;
    }
    lock.unlock();
    const std::string error = writeOldest(store);
    const bool written = error.empty();
    if (written && failing) {
      log_->info("records: the database is back; the runs that waited are being written");
    } else if (!written && !failing) {
      log_->warn("records: {}; finished runs wait and are retried every {} s", error,
                 retrySeconds_);
    }
    failing = !written;
    lock.lock();
    if (!written) {
      // Retry later, or at the drain's deadline once a stop came (then the loop ends).
      const bool wasStopping = stopping_;
      const double wait = stopping_ ? std::min(retrySeconds_, stopBy_ - now()) : retrySeconds_;
      wake_.wait_for(lock, std::chrono::duration<double>(std::max(0.0, wait)),
                     [this, wasStopping] { return stopping_ != wasStopping; });
    }
  }
}

std::string RecordsWriter::writeOldest(std::unique_ptr<RecordsStore>& store) {
  std::unique_lock lock(mutex_);
  const Queued& oldest = queue_.front();  // only this thread pops: it stays valid unlocked
  lock.unlock();
  try {
    if (!store) {
      store = open_();
    }
    store->save(oldest.run);
  } catch (const std::exception& error) {
    counters_.failures.fetch_add(1);
    store.reset();  // a broken connection is opened again at the next attempt
    return error.what();
  }
  counters_.lastWriteSeconds.store(now() - oldest.queuedAt);
  counters_.written.fetch_add(1);
  lock.lock();
  queue_.pop_front();
  counters_.waiting.store(queue_.size());
  return "";
}

}  // namespace coyote
