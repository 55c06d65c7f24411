#pragma once

#include <memory>
#include <string>

#include <spdlog/logger.h>

#include "http/http_server.h"
#include "match/race_time.h"
#include "server/records/board_slice.h"
#include "server/records/page_worker.h"
#include "server/records/records_store.h"

namespace coyote {

/// The leaderboard on the server's HTTP port (docs/hosting.md#records), with records.page:
/// - `GET /records`: HTML, readable without JavaScript: the boards, most played first, each
///   with its top 10; `?course=HASH` one board, `kRowsPerPage` rows a page (`&page=N`);
///   `&player=NAME` that player's best and rank.
/// - `GET /records.json`: the same as JSON (`limit` up to kMaxRows).
/// Every answer is a few indexed queries with a LIMIT, deep pages by keyset (board_slice.h). They
/// run on a thread of their own (PageWorker), never on the HTTP thread that answers /healthz; at
/// most kMaxWaiting requests wait for it, and beyond, the answer is 503 at once. It reads through
/// a connection of its own (the writer's is on its thread); a database that cannot be opened is
/// tried again at most every kReopenSeconds, and meanwhile the page answers 503 at once.
class RecordsPage {
 public:
  static constexpr std::int64_t kRowsPerPage = 25;
  static constexpr std::int64_t kMaxRows = 100;
  static constexpr std::int64_t kBoardsPerPage = 10;
  static constexpr std::int64_t kTopPerBoard = 10;
  static constexpr std::int64_t kMaxPage = 10000;
  static constexpr double kReopenSeconds = 5.0;
  static constexpr std::size_t kMaxWaiting = 16;

  RecordsPage(std::string path, std::string url, std::shared_ptr<spdlog::logger> log);
  /// Adds the two routes (before the server starts); their answers come from the worker.
  void route(HttpServer& server);

  HttpServer::Response html(const HttpServer::Query& query);
  HttpServer::Response json(const HttpServer::Query& query);

 private:
  /// The reader, opened if need be; nullptr while the database cannot be opened.
  RecordsStore* store();
  /// Runs `answer` with the store; a 503 when there is none or a query failed.
  template <class Answer>
  HttpServer::Response withStore(Answer answer);
  static std::string boardsHtml(RecordsStore& records, std::int64_t page);
  static std::string boardHtml(RecordsStore& records, const std::string& course,
                               const std::string& player, const SliceRequest& request);

  std::string path_;
  std::string url_;
  std::shared_ptr<spdlog::logger> log_;
  std::unique_ptr<RecordsStore> store_;  ///< the worker's alone
  double lastOpenAttempt_ = -1e9;
  PageWorker worker_{kMaxWaiting};  ///< last: it stops before what its jobs read goes
};

}  // namespace coyote
