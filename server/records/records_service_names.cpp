// RecordsService's names (docs/hosting.md#records): a name belongs to the player key that first
// set a record with it. The owners are read once when the database opens and kept in memory, so
// that a Hello asks the tick loop's memory, never the database; each run written claims its name
// in the database, so a fleet sharing one database agrees on every owner.
#include "server/records/records_service.h"

namespace coyote {

std::string RecordsService::nameOwner(const std::string& nameKey) const {
  const std::lock_guard lock(mutex_);
  const auto found = owners_.find(nameKey);
  return found == owners_.end() ? "" : found->second;
}

void RecordsService::releaseName(const std::string& nameKey) {
  {
    const std::lock_guard lock(mutex_);
    owners_.erase(nameKey);
    namesToRelease_.push_back(nameKey);
  }
  wake_.notify_one();
}

void RecordsService::readOwners(RecordsStore& store) {
  if (ownersRead_) {
    return;
  }
  const std::vector<NameOwnerRow> rows =
      store.nameOwners(static_cast<std::int64_t>(kMaxKnownOwners));
  const std::lock_guard lock(mutex_);
  for (const NameOwnerRow& row : rows) {
    owners_.emplace(row.nameKey, row.fingerprint);
  }
  ownersRead_ = true;
}

bool RecordsService::nameIsTheRunners(RecordsStore& store, const FinishedRun& run) {
  if (run.fingerprint.empty() || run.nameKey.empty()) {
    return true;
  }
  const std::string owner =
      store.claimName({run.nameKey, run.fingerprint, run.player, run.finishedAt});
  const std::lock_guard lock(mutex_);
  if (owners_.size() < kMaxKnownOwners || owners_.contains(run.nameKey)) {
    owners_[run.nameKey] = owner;
  }
  return owner == run.fingerprint;
}

bool RecordsService::releaseNames(std::unique_ptr<RecordsStore>& store) {
  std::unique_lock lock(mutex_);
  while (!namesToRelease_.empty()) {
    const std::string nameKey = namesToRelease_.front();
    lock.unlock();
    try {
      if (!store) {
        store = open_();
      }
      store->releaseName(nameKey);
    } catch (const std::exception& error) {
      counters_.failures.fetch_add(1);
      store.reset();
      log_->warn("records: a name not released ({}); retried in {} s", error.what(), retrySeconds_);
      return false;
    }
    lock.lock();
    namesToRelease_.pop_front();
  }
  return true;
}

}  // namespace coyote
