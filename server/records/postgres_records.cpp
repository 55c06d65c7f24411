#include "server/records/postgres_records.h"

#include <algorithm>
#include <ctime>
#include <stdexcept>

#include <fmt/format.h>
#include <pqxx/pqxx>

#include "server/records/newer_schema.h"
#include "server/records/records_schema.h"
#include "version/build_version.h"

namespace coyote {
namespace {

constexpr const char* kStatements[][2] = {
    {"add_course",
     "INSERT INTO courses VALUES ($1, $2, $3, 0, 0, $4) ON CONFLICT (course) DO NOTHING"},
    {"update_course",
     "UPDATE courses SET players = players + $1, best_us = CASE WHEN players = 0 OR $2 < best_us "
     "THEN $2 ELSE best_us END WHERE course = $3"},
    {"player_best",
     "SELECT player, time_us, splits, finished_at, finishes FROM bests "
     "WHERE course = $1 AND player = $2 FOR UPDATE"},
    {"insert_best",
     "INSERT INTO bests (course, player, time_us, splits, finished_at, server, finishes, record, "
     "ghost) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8)"},
    {"replace_best",
     "UPDATE bests SET time_us = $3, splits = $4, finished_at = $5, server = $6, "
     "finishes = finishes + 1, record = $7, ghost = $8 WHERE course = $1 AND player = $2"},
    {"count_finish", "UPDATE bests SET finishes = finishes + 1 WHERE course = $1 AND player = $2"},
    {"top",
     "SELECT player, time_us, splits, finished_at, finishes FROM bests WHERE course = $1 "
     "ORDER BY time_us, finished_at, player LIMIT $2 OFFSET $3"},
    {"rows_after",
     "SELECT player, time_us, splits, finished_at, finishes FROM bests WHERE course = $1 AND "
     "(time_us, finished_at, player) > ($2, $3, $4) ORDER BY time_us, finished_at, player "
     "LIMIT $5"},
    {"rows_before",
     "SELECT player, time_us, splits, finished_at, finishes FROM bests WHERE course = $1 AND "
     "(time_us, finished_at, player) < ($2, $3, $4) "
     "ORDER BY time_us DESC, finished_at DESC, player DESC LIMIT $5"},
    {"last_rows",
     "SELECT player, time_us, splits, finished_at, finishes FROM bests WHERE course = $1 "
     "ORDER BY time_us DESC, finished_at DESC, player DESC LIMIT $2"},
    {"rank_of",
     "SELECT count(*) FROM bests WHERE course = $1 AND "
     "(time_us < $2 OR (time_us = $2 AND finished_at < $3))"},
    {"record", "SELECT record FROM bests WHERE course = $1 AND player = $2"},
    {"ghost", "SELECT ghost FROM bests WHERE course = $1 AND player = $2"},
    {"course", "SELECT level, race, players, best_us FROM courses WHERE course = $1"},
    {"courses",
     "SELECT course, level, race, players, best_us FROM courses "
     "ORDER BY players DESC, course LIMIT $1 OFFSET $2"},
    {"put_ban",
     "INSERT INTO bans VALUES ($1, $2, $3, $4) ON CONFLICT (kind, ban_key) "
     "DO UPDATE SET ends_at = excluded.ends_at, entry = excluded.entry"},
    {"delete_ban", "DELETE FROM bans WHERE kind = $1 AND ban_key = $2"},
    {"expire_bans", "DELETE FROM bans WHERE ends_at <> 0 AND ends_at <= $1"},
    {"live_bans", "SELECT kind, ban_key, ends_at, entry FROM bans ORDER BY kind, ban_key LIMIT $1"},
    {"claim_name",
     "INSERT INTO name_owners VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING"},
    {"name_owner", "SELECT fingerprint FROM name_owners WHERE name_key = $1"},
    {"name_owners",
     "SELECT name_key, fingerprint, name, since FROM name_owners ORDER BY since LIMIT $1"},
    {"release_name", "DELETE FROM name_owners WHERE name_key = $1"},
};

BoardRow postgresBoardRow(const pqxx::row& row, std::int64_t rank) {
  return BoardRow{rank,
                  row[0].as<std::string>(),
                  row[1].as<std::int64_t>(),
                  parseSplits(row[2].as<std::string>()),
                  row[3].as<std::int64_t>(),
                  row[4].as<std::int64_t>()};
}

/// The URL with a connect timeout: the page answers on the HTTP thread, beside /healthz, and a
/// database host that does not answer must not hold it for TCP's minutes.
std::string withConnectTimeout(const std::string& url) {
  if (url.find("connect_timeout=") != std::string::npos) {
    return url;
  }
  return url + (url.find('?') == std::string::npos ? "?" : "&") +
         "connect_timeout=" + std::to_string(RecordsStore::kTimeoutSeconds);
}

class PostgresRecords final : public RecordsStore {
 public:
  explicit PostgresRecords(const std::string& url) : connection_(withConnectTimeout(url)) {
    // No statement may hold a thread (the page's is the health check's) longer than this.
    pqxx::nontransaction(connection_)
        .exec("SET statement_timeout = " + std::to_string(kTimeoutSeconds * 1000));
    migrate();
    for (const auto& [name, sql] : kStatements) {
      connection_.prepare(name, sql);
    }
  }

  void save(const FinishedRun& run) override {
    pqxx::work work(connection_);
    work.exec_prepared("add_course", run.course, run.level, run.race, run.finishedAt);
    const pqxx::result known = work.exec_prepared("player_best", run.course, run.player);
    const bool better = known.empty() || run.timeUs < known[0][1].as<std::int64_t>();
    const pqxx::binarystring record(run.record.data(), run.record.size());
    const pqxx::binarystring ghost(run.ghost.data(), run.ghost.size());
    if (known.empty()) {
      work.exec_prepared("insert_best", run.course, run.player, run.timeUs,
                         joinSplits(run.splitsUs), run.finishedAt, run.server, record, ghost);
    } else if (better) {
      work.exec_prepared("replace_best", run.course, run.player, run.timeUs,
                         joinSplits(run.splitsUs), run.finishedAt, run.server, record, ghost);
    } else {
      work.exec_prepared("count_finish", run.course, run.player);
    }
    work.exec_prepared("update_course", known.empty() ? 1 : 0, run.timeUs, run.course);
    work.commit();
  }

  std::vector<BoardRow> top(const std::string& course, std::int64_t offset,
                            std::int64_t limit) override {
    pqxx::read_transaction read(connection_);
    std::vector<BoardRow> rows;
    for (const pqxx::row& row : read.exec_prepared("top", course, limit, offset)) {
      rows.push_back(postgresBoardRow(row, offset + static_cast<std::int64_t>(rows.size()) + 1));
    }
    return rows;
  }

  std::vector<BoardRow> rowsAfter(const std::string& course, const std::optional<BoardKey>& after,
                                  std::int64_t limit) override {
    if (!after) {
      return top(course, 0, limit);
    }
    pqxx::read_transaction read(connection_);
    return rowsOf(read.exec_prepared("rows_after", course, after->timeUs, after->finishedAt,
                                     after->player, limit));
  }

  std::vector<BoardRow> rowsBefore(const std::string& course, const std::optional<BoardKey>& before,
                                   std::int64_t limit) override {
    pqxx::read_transaction read(connection_);
    std::vector<BoardRow> rows =
        before ? rowsOf(read.exec_prepared("rows_before", course, before->timeUs,
                                           before->finishedAt, before->player, limit))
               : rowsOf(read.exec_prepared("last_rows", course, limit));
    std::reverse(rows.begin(), rows.end());
    return rows;
  }

  std::optional<BoardRow> best(const std::string& course, const std::string& player) override {
    pqxx::work read(connection_);
    const pqxx::result found = read.exec_prepared("player_best", course, player);
    if (found.empty()) {
      return std::nullopt;
    }
    BoardRow row = postgresBoardRow(found[0], 0);
    row.rank =
        read.exec_prepared1("rank_of", course, row.timeUs, row.finishedAt)[0].as<std::int64_t>() +
        1;
    return row;
  }

  std::optional<std::string> runRecord(const std::string& course,
                                       const std::string& player) override {
    pqxx::read_transaction read(connection_);
    const pqxx::result found = read.exec_prepared("record", course, player);
    if (found.empty()) {
      return std::nullopt;
    }
    return pqxx::binarystring(found[0][0]).str();
  }

  std::optional<std::string> ghost(const std::string& course, const std::string& player) override {
    pqxx::read_transaction read(connection_);
    const pqxx::result found = read.exec_prepared("ghost", course, player);
    if (found.empty()) {
      return std::nullopt;
    }
    std::string bytes = pqxx::binarystring(found[0][0]).str();
    return bytes.empty() ? std::nullopt : std::optional<std::string>(std::move(bytes));
  }

  std::optional<CourseRow> course(const std::string& course) override {
    pqxx::read_transaction read(connection_);
    const pqxx::result found = read.exec_prepared("course", course);
    if (found.empty()) {
      return std::nullopt;
    }
    return CourseRow{course, found[0][0].as<std::string>(), found[0][1].as<std::string>(),
                     found[0][2].as<std::int64_t>(), found[0][3].as<std::int64_t>()};
  }

  std::vector<CourseRow> courses(std::int64_t offset, std::int64_t limit) override {
    pqxx::read_transaction read(connection_);
    std::vector<CourseRow> rows;
    for (const pqxx::row& row : read.exec_prepared("courses", limit, offset)) {
      rows.push_back({row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<std::string>(),
                      row[3].as<std::int64_t>(), row[4].as<std::int64_t>()});
    }
    return rows;
  }

  int schemaVersion() override {
    pqxx::read_transaction read(connection_);
    return read.exec1("SELECT version FROM schema_version")[0].as<int>();
  }

  void putBan(const BanRow& ban) override {
    pqxx::work work(connection_);
    work.exec_prepared("put_ban", ban.kind, ban.key, ban.endsAt, ban.entry);
    work.commit();
  }

  void deleteBan(const std::string& kind, const std::string& key) override {
    pqxx::work work(connection_);
    work.exec_prepared("delete_ban", kind, key);
    work.commit();
  }

  std::vector<BanRow> liveBans(std::int64_t now, std::int64_t limit) override {
    pqxx::work work(connection_);
    work.exec_prepared("expire_bans", now);
    std::vector<BanRow> rows;
    for (const pqxx::row& row : work.exec_prepared("live_bans", limit)) {
      rows.push_back({row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<std::int64_t>(),
                      row[3].as<std::string>()});
    }
    work.commit();
    return rows;
  }

  // Two servers of a fleet claiming one name at once: the insert of one waits for the other's
  // commit, does nothing, and both read the same owner.
  std::string claimName(const NameOwnerRow& claim) override {
    pqxx::work work(connection_);
    work.exec_prepared("claim_name", claim.nameKey, claim.fingerprint, claim.name, claim.since);
    std::string owner = work.exec_prepared1("name_owner", claim.nameKey)[0].as<std::string>();
    work.commit();
    return owner;
  }

  std::vector<NameOwnerRow> nameOwners(std::int64_t limit) override {
    pqxx::read_transaction read(connection_);
    std::vector<NameOwnerRow> rows;
    for (const pqxx::row& row : read.exec_prepared("name_owners", limit)) {
      rows.push_back({row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<std::string>(),
                      row[3].as<std::int64_t>()});
    }
    return rows;
  }

  bool releaseName(const std::string& nameKey) override {
    pqxx::work work(connection_);
    const pqxx::result result = work.exec_prepared("release_name", nameKey);
    work.commit();
    return result.affected_rows() > 0;
  }

 private:
  /// The rows of a board query, ranks left 0.
  static std::vector<BoardRow> rowsOf(const pqxx::result& result) {
    std::vector<BoardRow> rows;
    for (const pqxx::row& row : result) {
      rows.push_back(postgresBoardRow(row, 0));
    }
    return rows;
  }

  void migrate() {
    pqxx::work work(connection_);
    work.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
    work.exec("LOCK TABLE schema_version IN EXCLUSIVE MODE");
    if (work.exec("SELECT version FROM schema_version").empty()) {
      work.exec("INSERT INTO schema_version VALUES (0)");
    }
    const int version = work.exec1("SELECT version FROM schema_version")[0].as<int>();
    if (version > kSchemaVersion) {  // before any write: the transaction changes nothing
      std::string writer;
      if (!work.exec1("SELECT to_regclass('written_by')")[0].is_null()) {
        const pqxx::result named = work.exec("SELECT version FROM written_by");
        writer = named.empty() ? "" : named[0][0].as<std::string>().substr(0, 64);
      }
      throw NewerSchemaError(fmt::format("\"{}\" (PostgreSQL)", connection_.dbname()), version,
                             writer);
    }
    for (int step = version; step < kSchemaVersion; ++step) {
      work.exec(schemaMigration(step, SqlDialect::Postgres));
    }
    work.exec(fmt::format("UPDATE schema_version SET version = {}", kSchemaVersion));
    work.exec("DELETE FROM written_by");  // the last server to open it names itself
    work.exec_params("INSERT INTO written_by VALUES ($1, $2)", std::string(buildVersion()),
                     static_cast<std::int64_t>(std::time(nullptr)));
    work.commit();
  }

  pqxx::connection connection_;
};

}  // namespace

std::unique_ptr<RecordsStore> openPostgresRecords(const std::string& url) {
  try {
    return std::make_unique<PostgresRecords>(url);
  } catch (const pqxx::broken_connection& error) {
    throw std::runtime_error(
        fmt::format("records database (PostgreSQL): cannot connect: {}", error.what()));
  } catch (const pqxx::failure& error) {
    throw std::runtime_error(fmt::format("records database (PostgreSQL): {}", error.what()));
  }
}

}  // namespace coyote
