#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <spdlog/logger.h>

#include "server/records/records_store.h"

namespace coyote {

/// Writes finished runs to the records database on a thread of its own (docs/hosting.md#records),
/// so that a slow or unavailable database never delays a tick: the tick loop only queues (a
/// bounded queue: a run beyond it is dropped and counted). While the database fails, the runs
/// wait and are retried every `retrySeconds`; the log says so once when it fails and once when
/// it is back.
class RecordsWriter {
 public:
  using Opener = std::function<std::unique_ptr<RecordsStore>()>;
  struct Counters {
    std::atomic<std::uint64_t> written{0};
    std::atomic<std::uint64_t> dropped{0};      ///< the queue was full
    std::atomic<std::uint64_t> failures{0};     ///< attempts the database refused
    std::atomic<std::uint64_t> waiting{0};      ///< in the queue now
    std::atomic<double> lastWriteSeconds{0.0};  ///< queue to committed, of the last run written
  };

  RecordsWriter(Opener open, std::size_t capacity, double retrySeconds,
                std::shared_ptr<spdlog::logger> log);
  /// Gives the queue up to `kDrainSeconds` to reach the database, then stops.
  ~RecordsWriter();
  RecordsWriter(const RecordsWriter&) = delete;
  RecordsWriter& operator=(const RecordsWriter&) = delete;

  static constexpr double kDrainSeconds = 3.0;

  /// From the tick loop: never blocks on the database. False when the queue is full.
  bool submit(FinishedRun run);
  const Counters& counters() const { return counters_; }

 private:
  struct Queued {
    FinishedRun run;
    double queuedAt;
  };
  void loop();
  /// Writes the oldest run; why the database failed ("" when it did not: the run stays first
  /// in line when it did).
  std::string writeOldest(std::unique_ptr<RecordsStore>& store);
  static double now();

  Opener open_;
  std::size_t capacity_;
  double retrySeconds_;
  std::shared_ptr<spdlog::logger> log_;
  Counters counters_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Queued> queue_;
  bool stopping_ = false;
  double stopBy_ = 0.0;
  std::thread thread_;  ///< last: started once everything it reads exists
};

}  // namespace coyote
