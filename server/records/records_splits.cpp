#include <charconv>

#include "server/records/records_store.h"

// The splits' text form, shared by both stores (the PostgreSQL module has its own copy).
namespace coyote {

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
