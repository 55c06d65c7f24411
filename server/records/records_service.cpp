#include "server/records/records_service.h"

#include <algorithm>
#include <chrono>

namespace coyote {
namespace {

/// Whether a row read from the database is within what net::RaceBoard may carry.
bool fitsTheWire(const BoardRow& row) {
  const auto inRange = [](std::int64_t micros) {
    return micros >= 0 && micros <= net::RaceBoard::kMaxRunMicros;
  };
  return row.player.size() <= net::kMaxNameLength && row.timeUs >= 1 && inRange(row.timeUs) &&
         row.rank >= 0 && row.rank <= (std::int64_t{1} << 40) &&
         row.splitsUs.size() <= net::RaceBoard::kMaxSplits &&
         std::all_of(row.splitsUs.begin(), row.splitsUs.end(), inRange);
}

}  // namespace

RecordsService::RecordsService(Opener open, std::size_t capacity, double retrySeconds,
                               std::shared_ptr<spdlog::logger> log)
    : open_(std::move(open)),
      capacity_(capacity),
      retrySeconds_(retrySeconds),
      log_(std::move(log)),
      thread_([this] { loop(); }) {}

RecordsService::~RecordsService() {
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

bool RecordsService::submit(FinishedRun run) {
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

double RecordsService::now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

DurationWindow RecordsService::writeTimes() const {
  const std::lock_guard lock(mutex_);
  return writeTimes_;
}

void RecordsService::lookUp(RecordsLookup lookup) {
  {
    const std::lock_guard lock(mutex_);
    if (lookups_.size() >= kMaxLookups) {
      counters_.lookupsLost.fetch_add(1);
      return;
    }
    lookups_.push_back(std::move(lookup));
  }
  wake_.notify_one();
}

void RecordsService::takeAnswers(std::vector<RecordsAnswer>& answers,
                                 std::vector<std::string>& changedCourses) {
  const std::lock_guard lock(mutex_);
  for (RecordsAnswer& answer : answers_) {
    answers.push_back(std::move(answer));
  }
  answers_.clear();
  for (std::string& course : changedCourses_) {
    changedCourses.push_back(std::move(course));
  }
  changedCourses_.clear();
}

// Opened at once, so that a database that cannot be used is in the log at start (and its schema
// is migrated before the first run finishes); else at the first write.
std::unique_ptr<RecordsStore> RecordsService::openAtStart() {
  try {
    auto store = open_();
    log_->info("records: database ready (schema version {})", store->schemaVersion());
    names_.read(*store);
    return store;
  } catch (const std::exception& error) {
    failing_ = true;
    counters_.failures.fetch_add(1);
    log_->warn("records: {}; finished runs wait and are retried every {} s", error.what(),
               retrySeconds_);
    return nullptr;
  }
}

// Lookups first (a player is waiting for them), then the bans, then the oldest run. At a stop the
// lookups are dropped and the runs get until the drain's deadline.
void RecordsService::loop() {
  std::unique_ptr<RecordsStore> store = openAtStart();
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] {
      return stopping_ || !queue_.empty() || !lookups_.empty() || bansToWrite_ ||
             names_.releasesWaiting();
    });
    if (stopping_ &&
        ((queue_.empty() && !bansToWrite_ && !names_.releasesWaiting()) || now() >= stopBy_)) {
      return;
    }
    if (!lookups_.empty() && !stopping_) {
      const RecordsLookup lookup = std::move(lookups_.front());
      lookups_.pop_front();
      lock.unlock();
      answer(store, lookup);
      lock.lock();
      continue;
    }
    if (bansToWrite_ || names_.releasesWaiting()) {
      const bool bans = bansToWrite_.has_value();
      lock.unlock();
      const bool written = (!bans || writeBans(store)) && releaseNames(store);
      lock.lock();
      if (!written) {
        waitToRetry(lock);
      }
      continue;
    }
    if (queue_.empty()) {
      continue;
    }
    lock.unlock();
    const bool written = writeAndLog(store);
    lock.lock();
    if (!written) {
      waitToRetry(lock);
    }
  }
}

bool RecordsService::writeAndLog(std::unique_ptr<RecordsStore>& store) {
  const std::string error = writeOldest(store);
  const bool written = error.empty();
  if (written && failing_) {
    log_->info("records: the database is back; the runs that waited are being written");
  } else if (!written && !failing_) {
    log_->warn("records: {}; finished runs wait and are retried every {} s", error, retrySeconds_);
  }
  failing_ = !written;
  return written;
}

// Retry later, or at the drain's deadline once a stop came (then the loop ends).
void RecordsService::waitToRetry(std::unique_lock<std::mutex>& lock) {
  const bool wasStopping = stopping_;
  const double wait = stopping_ ? std::min(retrySeconds_, stopBy_ - now()) : retrySeconds_;
  wake_.wait_for(lock, std::chrono::duration<double>(std::max(0.0, wait)),
                 [this, wasStopping] { return stopping_ != wasStopping; });
}

// Under the lock, so that the loop's wait sees the name waiting (no wake-up lost).
void RecordsService::releaseName(const std::string& nameKey) {
  {
    const std::lock_guard lock(mutex_);
    names_.release(nameKey);
  }
  wake_.notify_one();
}

bool RecordsService::releaseNames(std::unique_ptr<RecordsStore>& store) {
  try {
    if (!store) {
      store = open_();
    }
    names_.releaseWaiting(*store);
  } catch (const std::exception& error) {
    counters_.failures.fetch_add(1);
    store.reset();
    log_->warn("records: a name not released ({}); retried in {} s", error.what(), retrySeconds_);
    return false;
  }
  return true;
}

void RecordsService::answer(std::unique_ptr<RecordsStore>& store, const RecordsLookup& lookup) {
  RecordsAnswer result{lookup, {}};
  try {
    if (!store) {
      store = open_();
    }
    if (lookup.what == RecordsLookup::What::Board) {
      result.message = board(*store, lookup);
    } else {
      result.message = ghost(*store, lookup);
    }
  } catch (const std::exception&) {
    counters_.lookupsLost.fetch_add(1);
    store.reset();
    return;
  }
  counters_.lookups.fetch_add(1);
  const std::lock_guard lock(mutex_);
  if (answers_.size() >= kMaxLookups) {
    counters_.lookupsLost.fetch_add(1);
    return;
  }
  answers_.push_back(std::move(result));
}

// Rows are hostile too: one the message could not carry is left out, never sent.
net::RaceBoard RecordsService::board(RecordsStore& store, const RecordsLookup& lookup) {
  net::RaceBoard board;
  for (const BoardRow& row : store.top(lookup.course, 0, net::RaceBoard::kMaxRows)) {
    if (fitsTheWire(row)) {
      board.top.push_back({row.player, row.timeUs});
      if (board.top.size() == 1) {
        board.recordSplitsUs = row.splitsUs;
      }
    }
  }
  const auto best = store.best(lookup.course, lookup.player);
  if (best && fitsTheWire(*best)) {
    board.bestUs = best->timeUs;
    board.bestRank = best->rank;
    board.bestSplitsUs = best->splitsUs;
  }
  return board;
}

// The player's own best, or the record's holder's; an empty path when there is none (or one
// the message could not carry).
net::GhostData RecordsService::ghost(RecordsStore& store, const RecordsLookup& lookup) {
  const bool record = lookup.what == RecordsLookup::What::RecordGhost;
  net::GhostData data;
  data.which = record ? net::GhostOf::Record : net::GhostOf::PersonalBest;
  std::optional<BoardRow> owner;
  if (record) {
    const auto top = store.top(lookup.course, 0, 1);
    owner = top.empty() ? std::nullopt : std::optional<BoardRow>(top.front());
  } else {
    owner = store.best(lookup.course, lookup.player);
  }
  if (!owner || !fitsTheWire(*owner)) {
    return data;
  }
  const auto path = store.ghost(lookup.course, owner->player);
  if (path && path->size() <= net::kMaxGhostBytes) {
    data.player = owner->player;
    data.timeUs = owner->timeUs;
    data.path = *path;
  }
  return data;
}

std::string RecordsService::writeOldest(std::unique_ptr<RecordsStore>& store) {
  std::unique_lock lock(mutex_);
  const Queued& oldest = queue_.front();  // only this thread pops: it stays valid unlocked
  lock.unlock();
  try {
    if (!store) {
      store = open_();
    }
    names_.read(*store);
    if (names_.isTheRunners(*store, oldest.run)) {
      store->save(oldest.run);
    } else {
      counters_.othersNames.fetch_add(1);
      log_->info("records: a run of {:?} not kept: the name belongs to another player key",
                 oldest.run.player);
    }
  } catch (const std::exception& error) {
    counters_.failures.fetch_add(1);
    store.reset();  // a broken connection is opened again at the next attempt
    return error.what();
  }
  counters_.written.fetch_add(1);
  lock.lock();
  writeTimes_.add((now() - oldest.queuedAt) * 1e6);
  if (std::find(changedCourses_.begin(), changedCourses_.end(), oldest.run.course) ==
      changedCourses_.end()) {
    changedCourses_.push_back(oldest.run.course);
  }
  queue_.pop_front();
  counters_.waiting.store(queue_.size());
  return "";
}

}  // namespace coyote
