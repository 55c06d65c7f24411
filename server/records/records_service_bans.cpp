// RecordsService's bans (docs/hosting.md#moderation): the tick loop hands over the whole list at
// each change; the service's thread writes only what changed, so that servers of a fleet sharing
// the database do not undo each other's bans.
#include "server/records/records_service.h"

namespace coyote {

void RecordsService::bansRead(const std::vector<BanRow>& rows) {
  const std::lock_guard lock(mutex_);
  bansWritten_.clear();
  for (const BanRow& row : rows) {
    bansWritten_[{row.kind, row.key}] = row.entry;
  }
}

void RecordsService::keepBans(std::vector<BanRow> rows) {
  {
    const std::lock_guard lock(mutex_);
    bansToWrite_ = std::move(rows);
  }
  wake_.notify_one();
}

bool RecordsService::writeBans(std::unique_ptr<RecordsStore>& store) {
  std::unique_lock lock(mutex_);
  std::vector<BanRow> rows = std::move(*bansToWrite_);
  bansToWrite_.reset();
  lock.unlock();
  std::map<std::pair<std::string, std::string>, std::string> wanted;
  for (const BanRow& row : rows) {
    wanted[{row.kind, row.key}] = row.entry;
  }
  try {
    if (!store) {
      store = open_();
    }
    for (const BanRow& row : rows) {  // bansWritten_ is this thread's once the loop runs
      const auto known = bansWritten_.find({row.kind, row.key});
      if (known == bansWritten_.end() || known->second != row.entry) {
        store->putBan(row);
        bansWritten_[{row.kind, row.key}] = row.entry;
      }
    }
    for (auto known = bansWritten_.begin(); known != bansWritten_.end();) {
      if (wanted.contains(known->first)) {
        ++known;
        continue;
      }
      store->deleteBan(known->first.first, known->first.second);
      known = bansWritten_.erase(known);
    }
  } catch (const std::exception& error) {
    counters_.failures.fetch_add(1);
    store.reset();
    log_->warn("records: bans not written ({}); retried in {} s", error.what(), retrySeconds_);
    lock.lock();
    if (!bansToWrite_) {
      bansToWrite_ = std::move(rows);  // unless a newer list came meanwhile
    }
    return false;
  }
  return true;
}

}  // namespace coyote
