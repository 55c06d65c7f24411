#include "server/records/records_store.h"

#include <charconv>

#include "server/records/postgres_records.h"
#include "server/records/sqlite_records.h"

namespace coyote {

std::unique_ptr<RecordsStore> openRecordsStore(const std::string& path, const std::string& url) {
  if (!url.empty()) {
    return openPostgresRecords(url);
  }
  return openSqliteRecords(path);
}

std::string joinSplits(const std::vector<std::int64_t>& splitsUs) {
  std::string text;
  for (const std::int64_t split : splitsUs) {
    if (!text.empty()) {
      text += ',';
    }
    text += std::to_string(split);
  }
  return text;
}

std::vector<std::int64_t> parseSplits(const std::string& text) {
  std::vector<std::int64_t> splits;
  const char* at = text.data();
  const char* const end = text.data() + text.size();
  while (at < end) {
    std::int64_t value = 0;
    const auto [next, error] = std::from_chars(at, end, value);
    if (error != std::errc() || (next != end && *next != ',')) {
      return {};
    }
    splits.push_back(value);
    at = next == end ? end : next + 1;
  }
  return splits;
}

}  // namespace coyote
