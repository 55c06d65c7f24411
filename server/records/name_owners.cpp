#include "server/records/name_owners.h"

namespace coyote {

std::string NameOwners::owner(const std::string& nameKey) const {
  const std::lock_guard lock(mutex_);
  const auto found = owners_.find(nameKey);
  return found == owners_.end() ? "" : found->second;
}

void NameOwners::release(const std::string& nameKey) {
  const std::lock_guard lock(mutex_);
  owners_.erase(nameKey);
  toRelease_.push_back(nameKey);
}

bool NameOwners::releasesWaiting() const {
  const std::lock_guard lock(mutex_);
  return !toRelease_.empty();
}

void NameOwners::read(RecordsStore& store) {
  if (read_) {  // the records' thread alone reads and sets it
    return;
  }
  const std::vector<NameOwnerRow> rows = store.nameOwners(static_cast<std::int64_t>(kMaxKnown));
  const std::lock_guard lock(mutex_);
  for (const NameOwnerRow& row : rows) {
    owners_.emplace(row.nameKey, row.fingerprint);
  }
  read_ = true;
}

bool NameOwners::isTheRunners(RecordsStore& store, const FinishedRun& run) {
  if (run.fingerprint.empty() || run.nameKey.empty()) {
    return true;
  }
  const std::string owner =
      store.claimName({run.nameKey, run.fingerprint, run.player, run.finishedAt});
  const std::lock_guard lock(mutex_);
  if (owners_.size() < kMaxKnown || owners_.contains(run.nameKey)) {
    owners_[run.nameKey] = owner;
  }
  return owner == run.fingerprint;
}

void NameOwners::releaseWaiting(RecordsStore& store) {
  std::unique_lock lock(mutex_);
  while (!toRelease_.empty()) {
    const std::string nameKey = toRelease_.front();
    lock.unlock();
    store.releaseName(nameKey);
    lock.lock();
    toRelease_.pop_front();
  }
}

}  // namespace coyote
