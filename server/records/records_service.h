#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <spdlog/logger.h>

#include "server/base/server_metrics.h"
#include "server/records/name_owners.h"
#include "server/records/records_store.h"
#include "wire/messages.h"

namespace coyote {

/// Something a player asked of the records: who (room, slot, name), which course, and what.
struct RecordsLookup {
  enum class What : std::uint8_t { Board, BestGhost, RecordGhost };
  std::string room;
  int slot = 0;
  std::string player;
  std::string course;
  What what = What::Board;
};

/// The answer, for the tick loop to send (net::RaceBoard or net::GhostData) if the player is
/// still there.
struct RecordsAnswer {
  RecordsLookup lookup;
  net::Message message;
};

/// The records database's own thread (docs/hosting.md#records), so that a slow or unavailable
/// database never delays a tick: the tick loop only queues finished runs to write (a bounded
/// queue: a run beyond it is dropped and counted) and boards to look up, and picks up the
/// answers. While the database fails, the runs wait and are retried every `retrySeconds`; the
/// log says so once when it fails and once when it is back. A lookup is never retried (the
/// board is looked up again after the next finish).
class RecordsService {
 public:
  using Opener = std::function<std::unique_ptr<RecordsStore>()>;
  struct Counters {
    std::atomic<std::uint64_t> written{0};
    std::atomic<std::uint64_t> dropped{0};      ///< the queue was full
    std::atomic<std::uint64_t> failures{0};     ///< attempts the database refused
    std::atomic<std::uint64_t> waiting{0};      ///< in the queue now
    std::atomic<std::uint64_t> lookups{0};      ///< boards looked up
    std::atomic<std::uint64_t> lookupsLost{0};  ///< not answered: database down or queue full
    /// Runs not kept: their name belongs to another player key (docs/hosting.md#records)
    std::atomic<std::uint64_t> othersNames{0};
  };
  static constexpr std::size_t kMaxLookups = 256;  ///< waiting lookups, and answers not taken

  RecordsService(Opener open, std::size_t capacity, double retrySeconds,
                 std::shared_ptr<spdlog::logger> log);
  /// Gives the queue up to `kDrainSeconds` to reach the database, then stops.
  ~RecordsService();
  RecordsService(const RecordsService&) = delete;
  RecordsService& operator=(const RecordsService&) = delete;

  static constexpr double kDrainSeconds = 3.0;

  /// From the tick loop: never blocks on the database. False when the queue is full.
  bool submit(FinishedRun run);
  /// From the tick loop: asks for a board or a ghost (dropped and counted beyond kMaxLookups
  /// waiting).
  void lookUp(RecordsLookup lookup);
  /// From the tick loop: the answers since the last call, and the courses that runs
  /// written since then changed (their players' boards are worth looking up again).
  void takeAnswers(std::vector<RecordsAnswer>& answers, std::vector<std::string>& changedCourses);
  const Counters& counters() const { return counters_; }

  // ---- bans (records_service_bans.cpp; docs/hosting.md#moderation) ----
  /// Before the first `keepBans`: the rows the database held at start (none if it could not be
  /// read then: every ban is written at the first change).
  void bansRead(const std::vector<BanRow>& rows);
  /// From the tick loop: the bans are now `rows`. The database is brought to them row by row
  /// (bans added elsewhere in a fleet stay), the newest list replacing one not written yet,
  /// and retried while it fails.
  void keepBans(std::vector<BanRow> rows);
  // ---- names (docs/hosting.md#records) ----
  /// From the tick loop: the fingerprint of the key that owns the name of nameKey `nameKey` on
  /// these records, "" if none is known.
  std::string nameOwner(const std::string& nameKey) const { return names_.owner(nameKey); }
  /// From the tick loop: the name is free for any key at once, and in the database soon.
  void releaseName(const std::string& nameKey);

  /// Finish to commit of the last runs written (µs).
  DurationWindow writeTimes() const;

 private:
  struct Queued {
    FinishedRun run;
    double queuedAt;
  };
  void loop();
  std::unique_ptr<RecordsStore> openAtStart();
  /// Writes the oldest run and logs a change between failing and working; true when written.
  bool writeAndLog(std::unique_ptr<RecordsStore>& store);
  void answer(std::unique_ptr<RecordsStore>& store, const RecordsLookup& lookup);
  static net::RaceBoard board(RecordsStore& store, const RecordsLookup& lookup);
  static net::GhostData ghost(RecordsStore& store, const RecordsLookup& lookup);
  void waitToRetry(std::unique_lock<std::mutex>& lock);
  /// Writes the oldest run; why the database failed ("" when it did not: the run stays first
  /// in line when it did).
  std::string writeOldest(std::unique_ptr<RecordsStore>& store);
  static double now();
  /// Writes the bans waiting; false (they wait again, unless newer ones came) if it failed.
  bool writeBans(std::unique_ptr<RecordsStore>& store);
  /// Releases the names waiting; false (they wait again) if it failed.
  bool releaseNames(std::unique_ptr<RecordsStore>& store);

  Opener open_;
  std::size_t capacity_;
  double retrySeconds_;
  std::shared_ptr<spdlog::logger> log_;
  Counters counters_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Queued> queue_;
  DurationWindow writeTimes_{1024};
  std::deque<RecordsLookup> lookups_;
  std::vector<RecordsAnswer> answers_;
  std::vector<std::string> changedCourses_;
  std::optional<std::vector<BanRow>> bansToWrite_;
  /// The bans the database holds, as far as this server knows: (kind, key) → entry.
  std::map<std::pair<std::string, std::string>, std::string> bansWritten_;
  NameOwners names_;
  bool failing_ = false;  ///< touched by the service's thread only
  bool stopping_ = false;
  double stopBy_ = 0.0;
  std::thread thread_;  ///< last: started once everything it reads exists
};

}  // namespace coyote
