#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/http_server.h"
#include "server/records/records_store.h"

namespace coyote {

/// Which part of a board a request asks for (docs/hosting.md#the-leaderboard-page): the first
/// rows, a page by number (shallow pages only), the rows after or before a row (keyset paging:
/// as cheap at rank 300,000 as at rank 1), or the last rows.
struct SliceRequest {
  enum class From { kPage, kAfter, kBefore, kLast };
  From from = From::kPage;
  std::int64_t page = 1;
  std::int64_t rank = 0;  ///< the cursor row's rank: numbers the rows shown, checked in range
  BoardKey key;           ///< the cursor row
};

/// Rows of one board with their ranks, and whether there are rows before and after them.
struct BoardSlice {
  std::vector<BoardRow> rows;
  bool earlier = false;
  bool later = false;
};

/// A page number is given up to this; deeper pages are reached by cursors.
inline constexpr std::int64_t kMaxOffsetPage = 40;

/// The request's `page`, `after`, `before` or `last`; throws std::invalid_argument naming the
/// argument when it is malformed.
SliceRequest sliceRequest(const HttpServer::Query& query);
/// The rows `request` asks for, `rowsPerPage` of them, with their ranks; throws
/// std::invalid_argument when a cursor's rank is not one of the board's.
BoardSlice boardSlice(RecordsStore& records, const std::string& course, const SliceRequest& request,
                      std::int64_t rowsPerPage);
/// The cursor of `row` for `after=` or `before=`: "RANK.TIME.DATE.PLAYER-IN-HEX".
std::string cursorOf(const BoardRow& row);

}  // namespace coyote
