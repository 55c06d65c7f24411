#include "server/records/records_page.h"

#include <charconv>
#include <chrono>
#include <ctime>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "server/records/board_slice.h"

namespace coyote {
namespace {

constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:2em auto;max-width:60em;background:#14121c;color:#eee}"
    "table{border-collapse:collapse;width:100%}th,td{padding:.3em .6em;text-align:left}"
    "tr:nth-child(even){background:#221f2e}td.time{font-family:monospace;font-size:1.1em}"
    "nav a{margin-right:1em}"
    "a{color:#f5b942}small{color:#aaa}";

/// A request that cannot be answered: 400 and why, naming the argument.
struct BadRequest {
  std::string why;
};

double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

HttpServer::Response textResponse(int status, std::string text) {
  return {status, "text/plain; charset=utf-8",
          std::make_shared<const std::string>(std::move(text))};
}

std::int64_t numberArgument(const HttpServer::Query& query, const std::string& name,
                            std::int64_t fallback, std::int64_t max) {
  const auto found = query.find(name);
  if (found == query.end()) {
    return fallback;
  }
  std::int64_t value = 0;
  const std::string& text = found->second;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 1 || value > max) {
    throw BadRequest{fmt::format("{}: expected a whole number from 1 to {}", name, max)};
  }
  return value;
}

std::string courseArgument(const HttpServer::Query& query) {
  const auto found = query.find("course");
  if (found == query.end()) {
    return "";
  }
  const std::string& course = found->second;
  const bool hex =
      course.size() == 16 && course.find_first_not_of("0123456789abcdef") == std::string::npos;
  if (!hex) {
    throw BadRequest{"course: expected 16 lower-case hexadecimal digits"};
  }
  return course;
}

std::string playerArgument(const HttpServer::Query& query) {
  const auto found = query.find("player");
  if (found == query.end()) {
    return "";
  }
  if (found->second.empty() || found->second.size() > 32) {
    throw BadRequest{"player: expected a name of 1 to 32 bytes"};
  }
  return found->second;
}

std::string escapeHtml(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string isoDate(std::int64_t unixSeconds) {
  const std::time_t time = static_cast<std::time_t>(unixSeconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

double millis(std::int64_t micros) {
  return static_cast<double>(micros) / 1000.0;
}

nlohmann::json rowJson(const BoardRow& row) {
  nlohmann::json splits = nlohmann::json::array();
  for (const std::int64_t split : row.splitsUs) {
    splits.push_back(millis(split));
  }
  return {{"rank", row.rank},
          {"player", row.player},
          {"time_ms", millis(row.timeUs)},
          {"time", formatRaceTime(row.timeUs)},
          {"splits_ms", splits},
          {"finished_at", isoDate(row.finishedAt)},
          {"finishes", row.finishes}};
}

std::string rowHtml(const BoardRow& row) {
  std::string splits;
  for (const std::int64_t split : row.splitsUs) {
    splits += (splits.empty() ? "" : " · ") + formatRaceTime(split);
  }
  return fmt::format(
      "<tr><td class=\"rank\">{}</td><td class=\"player\">{}</td><td class=\"time\">{}</td>"
      "<td class=\"splits\">{}</td><td class=\"date\">{}</td><td>{}</td></tr>\n",
      row.rank, escapeHtml(row.player), formatRaceTime(row.timeUs), splits,
      isoDate(row.finishedAt).substr(0, 10), row.finishes);
}

std::string tableHtml(const std::vector<BoardRow>& rows) {
  std::string html =
      "<table><thead><tr><th>#</th><th>Player</th><th>Time</th><th>Splits</th><th>Set on</th>"
      "<th>Finishes</th></tr></thead><tbody>\n";
  for (const BoardRow& row : rows) {
    html += rowHtml(row);
  }
  return html + "</tbody></table>\n";
}

std::string boardTitle(const CourseRow& course) {
  return fmt::format("<h2>{} <small>{} · {} players · record {}</small></h2>\n",
                     escapeHtml(course.race.empty() ? course.level : course.race),
                     escapeHtml(course.level), course.players, formatRaceTime(course.bestUs));
}

nlohmann::json boardsJson(RecordsStore& records, std::int64_t page, std::int64_t top) {
  nlohmann::json boards = nlohmann::json::array();
  const auto courses =
      records.courses((page - 1) * RecordsPage::kBoardsPerPage, RecordsPage::kBoardsPerPage);
  for (const CourseRow& row : courses) {
    nlohmann::json rows = nlohmann::json::array();
    for (const BoardRow& entry : records.top(row.course, 0, top)) {
      rows.push_back(rowJson(entry));
    }
    boards.push_back({{"course", row.course},
                      {"level", row.level},
                      {"race", row.race},
                      {"players", row.players},
                      {"record_ms", millis(row.bestUs)},
                      {"top", rows}});
  }
  return boards;
}

nlohmann::json boardsJsonPage(RecordsStore& records, const HttpServer::Query& query,
                              std::int64_t limit) {
  const std::int64_t page = numberArgument(query, "page", 1, RecordsPage::kMaxPage);
  return {{"page", page},
          {"limit", limit},
          {"boards", boardsJson(records, page, std::min(limit, RecordsPage::kTopPerBoard))}};
}

// One board's slice, with the cursors of the rows before and after it.
nlohmann::json boardJson(RecordsStore& records, const std::string& course,
                         const HttpServer::Query& query, std::int64_t limit) {
  const SliceRequest request = sliceRequest(query);
  const BoardSlice slice = boardSlice(records, course, request, limit);
  nlohmann::json rows = nlohmann::json::array();
  for (const BoardRow& entry : slice.rows) {
    rows.push_back(rowJson(entry));
  }
  nlohmann::json body = {{"course", course}, {"limit", limit}, {"rows", rows}};
  if (request.from == SliceRequest::From::kPage) {
    body["page"] = request.page;
  }
  if (!slice.rows.empty() && slice.earlier) {
    body["previous"] = cursorOf(slice.rows.front());
  }
  if (!slice.rows.empty() && slice.later) {
    body["next"] = cursorOf(slice.rows.back());
  }
  if (const auto info = records.course(course)) {
    body["level"] = info->level;
    body["race"] = info->race;
    body["players"] = info->players;
    body["record_ms"] = millis(info->bestUs);
  }
  if (const std::string player = playerArgument(query); !player.empty()) {
    const auto best = records.best(course, player);
    body["personal_best"] = best ? rowJson(*best) : nlohmann::json(nullptr);
  }
  return body;
}

}  // namespace

RecordsPage::RecordsPage(std::string path, std::string url, std::shared_ptr<spdlog::logger> log)
    : path_(std::move(path)), url_(std::move(url)), log_(std::move(log)) {}

void RecordsPage::route(HttpServer& server) {
  const auto onWorker = [this](auto answer) {
    return [this, answer](const HttpServer::Query& query, HttpServer::Reply reply) {
      auto job = [this, answer, query, reply] { reply((this->*answer)(query)); };
      if (!worker_.submit(job)) {
        HttpServer::Response busy = textResponse(503, "the records page is busy; try again\n");
        busy.headers.emplace_back("Retry-After", "1");
        reply(std::move(busy));
      }
    };
  };
  server.getDeferred("/records", onWorker(&RecordsPage::html));
  server.getDeferred("/records.json", onWorker(&RecordsPage::json));
}

RecordsStore* RecordsPage::store() {
  if (store_ || steadySeconds() - lastOpenAttempt_ < kReopenSeconds) {
    return store_.get();
  }
  lastOpenAttempt_ = steadySeconds();
  try {
    store_ = openRecordsStore(path_, url_);
  } catch (const std::exception& error) {
    log_->warn("records page: {}", error.what());
  }
  return store_.get();
}

template <class Answer>
HttpServer::Response RecordsPage::withStore(Answer answer) {
  try {
    RecordsStore* records = store();
    if (records == nullptr) {
      return textResponse(503, "the records database is unavailable\n");
    }
    return answer(*records);
  } catch (const BadRequest& bad) {
    return textResponse(400, bad.why + "\n");
  } catch (const std::invalid_argument& bad) {
    return textResponse(400, std::string(bad.what()) + "\n");
  } catch (const std::exception& error) {
    log_->warn("records page: {}", error.what());
    store_.reset();
    return textResponse(503, "the records database is unavailable\n");
  }
}

HttpServer::Response RecordsPage::json(const HttpServer::Query& query) {
  return withStore([&query](RecordsStore& records) {
    const std::string course = courseArgument(query);
    const std::int64_t limit = numberArgument(query, "limit", kRowsPerPage, kMaxRows);
    const nlohmann::json body = course.empty() ? boardsJsonPage(records, query, limit)
                                               : boardJson(records, course, query, limit);
    return HttpServer::Response{
        200, "application/json",
        std::make_shared<const std::string>(
            body.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n")};
  });
}

HttpServer::Response RecordsPage::html(const HttpServer::Query& query) {
  return withStore([&query](RecordsStore& records) {
    const std::string course = courseArgument(query);
    std::string body = fmt::format(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>Coyote records</title><style>{}</style></head><body>\n<h1>Records</h1>\n",
        kStyle);
    body += course.empty() ? boardsHtml(records, numberArgument(query, "page", 1, kMaxPage))
                           : boardHtml(records, course, playerArgument(query), sliceRequest(query));
    body += "</body></html>\n";
    return HttpServer::Response{200, "text/html; charset=utf-8",
                                std::make_shared<const std::string>(std::move(body))};
  });
}

std::string RecordsPage::boardsHtml(RecordsStore& records, std::int64_t page) {
  const auto boards = records.courses((page - 1) * kBoardsPerPage, kBoardsPerPage + 1);
  std::string body;
  for (std::size_t i = 0; i < boards.size() && i < kBoardsPerPage; ++i) {
    const CourseRow& row = boards[i];
    body += fmt::format("<section class=\"board\" id=\"{}\">\n", row.course) + boardTitle(row) +
            tableHtml(records.top(row.course, 0, kTopPerBoard)) +
            fmt::format("<p><a href=\"/records?course={}\">The whole board</a></p></section>\n",
                        row.course);
  }
  if (boards.empty()) {
    body += "<p>No run has been finished yet.</p>\n";
  }
  body += "<nav>";
  if (page > 1) {
    body += fmt::format("<a rel=\"prev\" href=\"/records?page={}\">« Previous</a> ", page - 1);
  }
  if (static_cast<std::int64_t>(boards.size()) > kBoardsPerPage) {
    body += fmt::format("<a rel=\"next\" href=\"/records?page={}\">Next »</a>", page + 1);
  }
  return body + "</nav>\n";
}

std::string RecordsPage::boardHtml(RecordsStore& records, const std::string& course,
                                   const std::string& player, const SliceRequest& request) {
  const BoardSlice slice = boardSlice(records, course, request, kRowsPerPage);
  const std::string ranks =
      slice.rows.empty()
          ? std::string()
          : fmt::format("ranks {} to {}", slice.rows.front().rank, slice.rows.back().rank);
  std::string body =
      fmt::format("<section class=\"board\" id=\"{}\"><h2>Board {} <small>{}</small></h2>\n",
                  course, course, ranks);
  body += slice.rows.empty() ? "<p>No time on this page.</p>\n" : tableHtml(slice.rows);
  if (!player.empty()) {
    const auto best = records.best(course, player);
    body += best ? "<h3>Personal best</h3>\n" + tableHtml({*best})
                 : fmt::format("<p>{} has no time here.</p>\n", escapeHtml(player));
  }
  const std::string board = "/records?course=" + course;
  body += "<nav><a href=\"/records\">All boards</a> ";
  if (slice.earlier && !slice.rows.empty()) {
    body += fmt::format("<a rel=\"first\" href=\"{}\">« First</a> ", board);
    body += fmt::format("<a rel=\"prev\" href=\"{}&amp;before={}\">‹ Previous</a> ", board,
                        cursorOf(slice.rows.front()));
  }
  if (slice.later && !slice.rows.empty()) {
    body += fmt::format("<a rel=\"next\" href=\"{}&amp;after={}\">Next ›</a> ", board,
                        cursorOf(slice.rows.back()));
    body += fmt::format("<a rel=\"last\" href=\"{}&amp;last=1\">Last »</a>", board);
  }
  return body + "</nav></section>\n";
}

}  // namespace coyote
