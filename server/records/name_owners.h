#pragma once

#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/records/records_store.h"

namespace coyote {

/// Who owns the names that set records (docs/hosting.md#records): the player key that first set a
/// record with a name. The owners are read once when the database opens and kept in memory, so a
/// Hello asks the tick loop's memory, never the database; each run written claims its name in the
/// database, so a fleet sharing one database agrees on every owner. Safe from any thread.
class NameOwners {
 public:
  /// Owned names known in memory (about 150 bytes each): beyond, a name is found owned only
  /// when a run is written with it, not at Hello.
  static constexpr std::size_t kMaxKnown = 200000;

  /// The fingerprint of the key that owns the name of nameKey `nameKey`, "" if none is known.
  std::string owner(const std::string& nameKey) const;
  /// The name is free for any key at once, and waits to be released in the database.
  void release(const std::string& nameKey);
  bool releasesWaiting() const;

  // ---- from the records' thread ----
  /// The owners `store` holds, read the first time only.
  void read(RecordsStore& store);
  /// Whether `run`'s name is its key's: claimed for it if nobody owned it (a run of no key
  /// claims nothing). Throws what the store throws.
  bool isTheRunners(RecordsStore& store, const FinishedRun& run);
  /// Releases the waiting names in `store`; throws what the store throws, the rest waiting.
  void releaseWaiting(RecordsStore& store);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::string> owners_;  ///< nameKey → fingerprint
  std::deque<std::string> toRelease_;
  bool read_ = false;
};

}  // namespace coyote
