#include "server/records/board_slice.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

namespace coyote {
namespace {

bool parseNumber(std::string_view text, std::int64_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && value >= 0;
}

/// "RANK.TIME.DATE.HEX" back into a cursor; nullopt if it is not one.
std::optional<SliceRequest> parseCursor(std::string_view text, SliceRequest::From from) {
  SliceRequest request;
  request.from = from;
  std::int64_t* numbers[] = {&request.rank, &request.key.timeUs, &request.key.finishedAt};
  for (std::int64_t* number : numbers) {
    const std::size_t dot = text.find('.');
    if (dot == std::string_view::npos || !parseNumber(text.substr(0, dot), *number)) {
      return std::nullopt;
    }
    text.remove_prefix(dot + 1);
  }
  if (text.size() % 2 != 0 || text.size() > 2 * 64) {
    return std::nullopt;
  }
  for (std::size_t i = 0; i < text.size(); i += 2) {
    unsigned byte = 0;
    const auto [end, error] = std::from_chars(text.data() + i, text.data() + i + 2, byte, 16);
    if (error != std::errc() || end != text.data() + i + 2) {
      return std::nullopt;
    }
    request.key.player += static_cast<char>(byte);
  }
  return request;
}

/// A cursor's rank is the client's word: it numbers the rows shown, so it must be one this
/// board has (1 to its players), or the request is refused (a rank near 2^63 would overflow).
void checkCursorRank(RecordsStore& records, const std::string& course,
                     const SliceRequest& request) {
  const auto info = records.course(course);
  const std::int64_t players = info ? info->players : 0;
  if (request.rank < 1 || request.rank > players) {
    throw std::invalid_argument(
        fmt::format("{}: not a cursor of this page (its rank must be one of the board's, 1 to {})",
                    request.from == SliceRequest::From::kAfter ? "after" : "before", players));
  }
}

void rank(std::vector<BoardRow>& rows, std::int64_t first) {
  for (BoardRow& row : rows) {
    row.rank = first++;
  }
}

}  // namespace

SliceRequest sliceRequest(const HttpServer::Query& query) {
  for (const auto& [name, from] : {std::pair{"after", SliceRequest::From::kAfter},
                                   std::pair{"before", SliceRequest::From::kBefore}}) {
    if (const auto found = query.find(name); found != query.end()) {
      const auto request = parseCursor(found->second, from);
      if (!request) {
        throw std::invalid_argument(fmt::format("{}: not a cursor of this page", name));
      }
      return *request;
    }
  }
  SliceRequest request;
  if (query.contains("last")) {
    request.from = SliceRequest::From::kLast;
    return request;
  }
  if (const auto found = query.find("page"); found != query.end()) {
    if (!parseNumber(found->second, request.page) || request.page < 1 ||
        request.page > kMaxOffsetPage) {
      throw std::invalid_argument(
          fmt::format("page: expected a whole number from 1 to {}; deeper pages are reached by the "
                      "Next and Last links",
                      kMaxOffsetPage));
    }
  }
  return request;
}

BoardSlice boardSlice(RecordsStore& records, const std::string& course, const SliceRequest& request,
                      std::int64_t rowsPerPage) {
  BoardSlice slice;
  if (request.from == SliceRequest::From::kAfter || request.from == SliceRequest::From::kBefore) {
    checkCursorRank(records, course, request);
  }
  if (request.from == SliceRequest::From::kPage || request.from == SliceRequest::From::kAfter) {
    const std::int64_t first = request.from == SliceRequest::From::kPage
                                   ? (request.page - 1) * rowsPerPage + 1
                                   : request.rank + 1;
    slice.rows = request.from == SliceRequest::From::kPage
                     ? records.top(course, first - 1, rowsPerPage + 1)
                     : records.rowsAfter(course, request.key, rowsPerPage + 1);
    slice.later = static_cast<std::int64_t>(slice.rows.size()) > rowsPerPage;
    slice.rows.resize(std::min<std::size_t>(slice.rows.size(), rowsPerPage));
    rank(slice.rows, first);
    slice.earlier = first > 1;
    return slice;
  }
  const bool last = request.from == SliceRequest::From::kLast;
  slice.rows =
      records.rowsBefore(course, last ? std::nullopt : std::optional(request.key), rowsPerPage + 1);
  slice.earlier = static_cast<std::int64_t>(slice.rows.size()) > rowsPerPage;
  if (slice.earlier) {
    slice.rows.erase(slice.rows.begin());
  }
  const auto info = last ? records.course(course) : std::nullopt;
  const std::int64_t end = last ? (info ? info->players : 0) + 1 : request.rank;
  rank(slice.rows, std::max<std::int64_t>(1, end - static_cast<std::int64_t>(slice.rows.size())));
  slice.later = !last;
  return slice;
}

std::string cursorOf(const BoardRow& row) {
  std::string text = fmt::format("{}.{}.{}.", row.rank, row.timeUs, row.finishedAt);
  for (const char c : row.player) {
    text += fmt::format("{:02x}", static_cast<unsigned char>(c));
  }
  return text;
}

}  // namespace coyote
