#include "server/records/sqlite_records.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <stdexcept>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include "server/records/newer_schema.h"
#include "server/records/records_schema.h"
#include "version/build_version.h"

namespace coyote {
namespace {

BoardRow boardRow(SQLite::Statement& row, std::int64_t rank) {
  return BoardRow{rank,
                  row.getColumn(0).getString(),
                  row.getColumn(1).getInt64(),
                  parseSplits(row.getColumn(2).getString()),
                  row.getColumn(3).getInt64(),
                  row.getColumn(4).getInt64()};
}

class SqliteRecords final : public RecordsStore {
 public:
  explicit SqliteRecords(const std::string& path) : db_(openMigrated(path)) {}

  void save(const FinishedRun& run) override {
    SQLite::Transaction transaction(db_, SQLite::TransactionBehavior::IMMEDIATE);
    bindAll(addCourse_, run.course, run.level, run.race, run.finishedAt);
    addCourse_.exec();
    addCourse_.reset();
    playerBest_.bind(1, run.course);
    playerBest_.bind(2, run.player);
    const bool known = playerBest_.executeStep();
    const bool better = !known || run.timeUs < playerBest_.getColumn(1).getInt64();
    playerBest_.reset();
    SQLite::Statement& write = !known ? insertBest_ : better ? replaceBest_ : countFinish_;
    write.bind(1, run.course);
    write.bind(2, run.player);
    if (better) {
      write.bind(3, run.timeUs);
      write.bind(4, joinSplits(run.splitsUs));
      write.bind(5, run.finishedAt);
      write.bind(6, run.server);
      write.bind(7, run.record.data(), static_cast<int>(run.record.size()));
      write.bind(8, run.ghost.data(), static_cast<int>(run.ghost.size()));
    }
    write.exec();
    write.reset();
    bindAll(updateCourse_, known ? 0 : 1, run.timeUs, run.course);
    updateCourse_.exec();
    updateCourse_.reset();
    transaction.commit();
  }

  std::vector<BoardRow> top(const std::string& course, std::int64_t offset,
                            std::int64_t limit) override {
    std::vector<BoardRow> rows;
    bindAll(top_, course, limit, offset);
    while (top_.executeStep()) {
      rows.push_back(boardRow(top_, offset + static_cast<std::int64_t>(rows.size()) + 1));
    }
    top_.reset();
    return rows;
  }

  std::vector<BoardRow> rowsAfter(const std::string& course, const std::optional<BoardKey>& after,
                                  std::int64_t limit) override {
    if (!after) {
      return top(course, 0, limit);
    }
    bindAll(rowsAfter_, course, after->timeUs, after->finishedAt, after->player, limit);
    return takeRows(rowsAfter_);
  }

  std::vector<BoardRow> rowsBefore(const std::string& course, const std::optional<BoardKey>& before,
                                   std::int64_t limit) override {
    if (before) {
      bindAll(rowsBefore_, course, before->timeUs, before->finishedAt, before->player, limit);
    } else {
      bindAll(lastRows_, course, limit);
    }
    std::vector<BoardRow> rows = takeRows(before ? rowsBefore_ : lastRows_);
    std::reverse(rows.begin(), rows.end());
    return rows;
  }

  std::optional<BoardRow> best(const std::string& course, const std::string& player) override {
    bindAll(playerBest_, course, player);
    if (!playerBest_.executeStep()) {
      playerBest_.reset();
      return std::nullopt;
    }
    BoardRow row = boardRow(playerBest_, 0);
    playerBest_.reset();
    bindAll(rankOf_, course, row.timeUs, row.timeUs, row.finishedAt);
    rankOf_.executeStep();
    row.rank = rankOf_.getColumn(0).getInt64() + 1;
    rankOf_.reset();
    return row;
  }

  std::optional<std::string> runRecord(const std::string& course,
                                       const std::string& player) override {
    bindAll(record_, course, player);
    std::optional<std::string> bytes;
    if (record_.executeStep()) {
      bytes = record_.getColumn(0).getString();
    }
    record_.reset();
    return bytes;
  }

  std::optional<std::string> ghost(const std::string& course, const std::string& player) override {
    bindAll(ghost_, course, player);
    std::optional<std::string> bytes;
    if (ghost_.executeStep() && ghost_.getColumn(0).getBytes() > 0) {
      bytes = ghost_.getColumn(0).getString();
    }
    ghost_.reset();
    return bytes;
  }

  std::optional<CourseRow> course(const std::string& course) override {
    bindAll(course_, course);
    std::optional<CourseRow> row;
    if (course_.executeStep()) {
      row = CourseRow{course, course_.getColumn(0).getString(), course_.getColumn(1).getString(),
                      course_.getColumn(2).getInt64(), course_.getColumn(3).getInt64()};
    }
    course_.reset();
    return row;
  }

  std::vector<CourseRow> courses(std::int64_t offset, std::int64_t limit) override {
    std::vector<CourseRow> rows;
    bindAll(courses_, limit, offset);
    while (courses_.executeStep()) {
      rows.push_back({courses_.getColumn(0).getString(), courses_.getColumn(1).getString(),
                      courses_.getColumn(2).getString(), courses_.getColumn(3).getInt64(),
                      courses_.getColumn(4).getInt64()});
    }
    courses_.reset();
    return rows;
  }

  int schemaVersion() override {
    return db_.execAndGet("SELECT version FROM schema_version").getInt();
  }

  void putBan(const BanRow& ban) override {
    bindAll(putBan_, ban.kind, ban.key, ban.endsAt, ban.entry);
    putBan_.exec();
    putBan_.reset();
  }

  void deleteBan(const std::string& kind, const std::string& key) override {
    bindAll(deleteBan_, kind, key);
    deleteBan_.exec();
    deleteBan_.reset();
  }

  std::vector<BanRow> liveBans(std::int64_t now, std::int64_t limit) override {
    bindAll(expireBans_, now);
    expireBans_.exec();
    expireBans_.reset();
    std::vector<BanRow> rows;
    bindAll(liveBans_, limit);
    while (liveBans_.executeStep()) {
      rows.push_back({liveBans_.getColumn(0).getString(), liveBans_.getColumn(1).getString(),
                      liveBans_.getColumn(2).getInt64(), liveBans_.getColumn(3).getString()});
    }
    liveBans_.reset();
    return rows;
  }

  std::string claimName(const NameOwnerRow& claim) override {
    SQLite::Transaction transaction(db_, SQLite::TransactionBehavior::IMMEDIATE);
    bindAll(claimName_, claim.nameKey, claim.fingerprint, claim.name, claim.since);
    claimName_.exec();
    claimName_.reset();
    bindAll(nameOwner_, claim.nameKey);
    nameOwner_.executeStep();
    std::string owner = nameOwner_.getColumn(0).getString();
    nameOwner_.reset();
    transaction.commit();
    return owner;
  }

  std::vector<NameOwnerRow> nameOwners(std::int64_t limit) override {
    std::vector<NameOwnerRow> rows;
    bindAll(nameOwners_, limit);
    while (nameOwners_.executeStep()) {
      rows.push_back({nameOwners_.getColumn(0).getString(), nameOwners_.getColumn(1).getString(),
                      nameOwners_.getColumn(2).getString(), nameOwners_.getColumn(3).getInt64()});
    }
    nameOwners_.reset();
    return rows;
  }

  bool releaseName(const std::string& nameKey) override {
    bindAll(releaseName_, nameKey);
    const int released = releaseName_.exec();
    releaseName_.reset();
    return released > 0;
  }

 private:
  /// The rows of a board query (ranks left 0), the statement reset for its next use.
  static std::vector<BoardRow> takeRows(SQLite::Statement& query) {
    std::vector<BoardRow> rows;
    while (query.executeStep()) {
      rows.push_back(boardRow(query, 0));
    }
    query.reset();
    return rows;
  }

  template <class... Values>
  static void bindAll(SQLite::Statement& statement, const Values&... values) {
    int index = 0;
    (statement.bind(++index, values), ...);
  }

  /// Throws NewerSchemaError if `path` holds a database of a newer schema, read without
  /// writing a byte (nor switching its journal), so that it is left exactly as it was.
  static void refuseNewerSchema(const std::string& path) {
    std::error_code missing;
    if (!std::filesystem::exists(path, missing)) {
      return;
    }
    // immutable: no lock taken, no -wal or -shm made beside it, whatever its journal mode.
    std::string uri = "file:";
    for (const char c : path) {
      uri += c == '%' ? "%25" : c == '?' ? "%3f" : c == '#' ? "%23" : std::string(1, c);
    }
    const SQLite::Database db(uri + "?immutable=1", SQLite::OPEN_READONLY | SQLite::OPEN_URI,
                              kBusyTimeoutMs);
    if (!db.tableExists("schema_version")) {
      return;
    }
    SQLite::Statement read(db, "SELECT version FROM schema_version");
    if (!read.executeStep() || read.getColumn(0).getInt() <= kSchemaVersion) {
      return;
    }
    std::string writer;
    if (db.tableExists("written_by")) {
      SQLite::Statement named(db, "SELECT version FROM written_by");
      writer = named.executeStep() ? named.getColumn(0).getString().substr(0, 64) : "";
    }
    throw NewerSchemaError(path, read.getColumn(0).getInt(), writer);
  }

  /// The database with its schema at kSchemaVersion: before any statement is prepared.
  static SQLite::Database openMigrated(const std::string& path) {
    refuseNewerSchema(path);
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, kBusyTimeoutMs);
    db.exec("PRAGMA journal_mode = WAL");
    // With WAL, NORMAL never corrupts the file; a power cut may lose the last runs committed.
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA foreign_keys = ON");
    SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
    db.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
    if (!db.execAndGet("SELECT count(*) FROM schema_version").getInt()) {
      db.exec("INSERT INTO schema_version VALUES (0)");
    }
    const int version = db.execAndGet("SELECT version FROM schema_version").getInt();
    if (version > kSchemaVersion) {  // written meanwhile by a newer server
      throw NewerSchemaError(path, version);
    }
    for (int step = version; step < kSchemaVersion; ++step) {
      db.exec(schemaMigration(step, SqlDialect::Sqlite));
    }
    db.exec(fmt::format("UPDATE schema_version SET version = {}", kSchemaVersion));
    db.exec("DELETE FROM written_by");  // the last server to open it names itself
    SQLite::Statement named(db, "INSERT INTO written_by VALUES (?1, ?2)");
    named.bind(1, std::string(buildVersion()));
    named.bind(2, static_cast<std::int64_t>(std::time(nullptr)));
    named.exec();
    transaction.commit();
    return db;
  }

  /// How long a write waits for another connection's (the page's reads never block it: WAL).
  static constexpr int kBusyTimeoutMs = kTimeoutSeconds * 1000;
  SQLite::Database db_;
  SQLite::Statement addCourse_{
      db_, "INSERT INTO courses VALUES (?1, ?2, ?3, 0, 0, ?4) ON CONFLICT (course) DO NOTHING"};
  SQLite::Statement updateCourse_{
      db_,
      "UPDATE courses SET players = players + ?1, best_us = CASE WHEN players = 0 OR ?2 < best_us "
      "THEN ?2 ELSE best_us END WHERE course = ?3"};
  SQLite::Statement playerBest_{db_,
                                "SELECT player, time_us, splits, finished_at, finishes FROM bests "
                                "WHERE course = ?1 AND player = ?2"};
  SQLite::Statement insertBest_{
      db_,
      "INSERT INTO bests (course, player, time_us, splits, finished_at, server, finishes, record, "
      "ghost) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8)"};
  SQLite::Statement replaceBest_{
      db_,
      "UPDATE bests SET time_us = ?3, splits = ?4, finished_at = ?5, server = ?6, "
      "finishes = finishes + 1, record = ?7, ghost = ?8 WHERE course = ?1 AND player = ?2"};
  SQLite::Statement countFinish_{
      db_, "UPDATE bests SET finishes = finishes + 1 WHERE course = ?1 AND player = ?2"};
  SQLite::Statement top_{
      db_,
      "SELECT player, time_us, splits, finished_at, finishes FROM bests WHERE course = ?1 "
      "ORDER BY time_us, finished_at, player LIMIT ?2 OFFSET ?3"};
  SQLite::Statement rowsAfter_{
      db_,
      "SELECT player, time_us, splits, finished_at, finishes FROM bests WHERE course = ?1 AND "
      "(time_us, finished_at, player) > (?2, ?3, ?4) ORDER BY time_us, finished_at, player "
      "LIMIT ?5"};
  SQLite::Statement rowsBefore_{
      db_,
      "SELECT player, time_us, splits, finished_at, finishes FROM bests WHERE course = ?1 AND "
      "(time_us, finished_at, player) < (?2, ?3, ?4) "
      "ORDER BY time_us DESC, finished_at DESC, player DESC LIMIT ?5"};
  SQLite::Statement lastRows_{
      db_,
      "SELECT player, time_us, splits, finished_at, finishes FROM bests WHERE course = ?1 "
      "ORDER BY time_us DESC, finished_at DESC, player DESC LIMIT ?2"};
  SQLite::Statement rankOf_{db_,
                            "SELECT count(*) FROM bests WHERE course = ?1 AND "
                            "(time_us < ?2 OR (time_us = ?3 AND finished_at < ?4))"};
  SQLite::Statement record_{db_, "SELECT record FROM bests WHERE course = ?1 AND player = ?2"};
  SQLite::Statement ghost_{db_, "SELECT ghost FROM bests WHERE course = ?1 AND player = ?2"};
  SQLite::Statement course_{db_,
                            "SELECT level, race, players, best_us FROM courses WHERE course = ?1"};
  SQLite::Statement courses_{db_,
                             "SELECT course, level, race, players, best_us FROM courses "
                             "ORDER BY players DESC, course LIMIT ?1 OFFSET ?2"};
  SQLite::Statement putBan_{db_,
                            "INSERT INTO bans VALUES (?1, ?2, ?3, ?4) ON CONFLICT (kind, ban_key) "
                            "DO UPDATE SET ends_at = excluded.ends_at, entry = excluded.entry"};
  SQLite::Statement deleteBan_{db_, "DELETE FROM bans WHERE kind = ?1 AND ban_key = ?2"};
  SQLite::Statement expireBans_{db_, "DELETE FROM bans WHERE ends_at <> 0 AND ends_at <= ?1"};
  SQLite::Statement liveBans_{
      db_, "SELECT kind, ban_key, ends_at, entry FROM bans ORDER BY kind, ban_key LIMIT ?1"};
  SQLite::Statement claimName_{db_,
                               "INSERT INTO name_owners VALUES (?1, ?2, ?3, ?4) "
                               "ON CONFLICT (name_key) DO NOTHING"};
  SQLite::Statement nameOwner_{db_, "SELECT fingerprint FROM name_owners WHERE name_key = ?1"};
  SQLite::Statement nameOwners_{
      db_, "SELECT name_key, fingerprint, name, since FROM name_owners ORDER BY since LIMIT ?1"};
  SQLite::Statement releaseName_{db_, "DELETE FROM name_owners WHERE name_key = ?1"};
};

}  // namespace

std::unique_ptr<RecordsStore> openSqliteRecords(const std::string& path) {
  try {
    return std::make_unique<SqliteRecords>(path);
  } catch (const SQLite::Exception& error) {
    throw std::runtime_error(fmt::format("records database {}: {}", path, error.what()));
  }
}

}  // namespace coyote
