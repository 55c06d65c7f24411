#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace coyote {

/// A finished run on its way to the database.
struct FinishedRun {
  std::string course;       ///< courseHash, 16 hex digits: the board
  std::string level;        ///< the level's name, for the page
  std::string race;         ///< its race_name ("" = none)
  std::string player;       ///< verbatim: the database never sees it outside a bound parameter
  std::int64_t timeUs = 0;  ///< the run's time, µs
  std::vector<std::int64_t> splitsUs;  ///< at each checkpoint in order, µs since the start
  std::int64_t finishedAt = 0;         ///< Unix time, s (dated by the RecordsBridge)
  std::string server;                  ///< who ran it (the server's name), for a fleet
  std::string record;                  ///< encodeRunRecord: what replays the run
  std::string ghost = {};              ///< the run's path (replay/ghost.h), "" if none
  /// Who ran it: its player key's fingerprint ("" for a run of no key) and its name's nameKey.
  std::string fingerprint = {};
  std::string nameKey = {};
};

/// A name that set a record, and the player key it belongs to (docs/hosting.md#records): the
/// first key that set a record with it on these records.
struct NameOwnerRow {
  std::string nameKey;      ///< the name as names compare (server/names/player_name.h)
  std::string fingerprint;  ///< of the owning key
  std::string name;         ///< as it was first written
  std::int64_t since = 0;   ///< Unix time, s
};

/// One player's best on a board.
struct BoardRow {
  std::int64_t rank = 0;  ///< 1 = the record
  std::string player;
  std::int64_t timeUs = 0;
  std::vector<std::int64_t> splitsUs;
  std::int64_t finishedAt = 0;
  std::int64_t finishes = 0;  ///< runs this player finished on the board
};

/// Where a row stands on its board, which is in the order of time, then date, then player: the
/// cursor of keyset paging (docs/hosting.md#the-leaderboard-page).
struct BoardKey {
  std::int64_t timeUs = 0;
  std::int64_t finishedAt = 0;
  std::string player;
};

/// A board: a course that has records.
struct CourseRow {
  std::string course;
  std::string level;
  std::string race;
  std::int64_t players = 0;
  std::int64_t bestUs = 0;
};

/// A ban as the records keep it (docs/hosting.md#moderation): its key — its kind, "address" or
/// "name", and its value, a name in lower case — when it ends (Unix time, s; 0: never), and the
/// entry itself as admin.bans_file holds it (JSON), read back as that file is: checked field by
/// field.
struct BanRow {
  std::string kind;
  std::string key;
  std::int64_t endsAt = 0;
  std::string entry;
};

/// The records database (docs/hosting.md#records): each player's best run per course, with its
/// splits, date and replayable record. Every statement is prepared with bound parameters; every
/// read is bounded by `limit` and served by an index. Failures throw std::runtime_error.
class RecordsStore {
 public:
  static constexpr int kSchemaVersion = 6;
  /// The longest a connection attempt or a statement may take (PostgreSQL; SQLite's busy wait).
  static constexpr int kTimeoutSeconds = 2;
  virtual ~RecordsStore() = default;

  /// Counts the finish and keeps the run if it beats the player's best on its course.
  virtual void save(const FinishedRun& run) = 0;
  /// The board from rank `offset` + 1, at most `limit` rows.
  virtual std::vector<BoardRow> top(const std::string& course, std::int64_t offset,
                                    std::int64_t limit) = 0;
  /// At most `limit` rows of the board just after `after` (from the first row without one), in
  /// board order, each found through the index however deep (ranks left 0: the caller knows
  /// them from the cursor's).
  virtual std::vector<BoardRow> rowsAfter(const std::string& course,
                                          const std::optional<BoardKey>& after,
                                          std::int64_t limit) = 0;
  /// At most `limit` rows just before `before` (the board's last rows without one), in board
  /// order.
  virtual std::vector<BoardRow> rowsBefore(const std::string& course,
                                           const std::optional<BoardKey>& before,
                                           std::int64_t limit) = 0;
  virtual std::optional<BoardRow> best(const std::string& course, const std::string& player) = 0;
  /// The stored record of a player's best (encodeRunRecord bytes), if any.
  virtual std::optional<std::string> runRecord(const std::string& course,
                                               const std::string& player) = 0;
  /// One board's level, race and figures.
  virtual std::optional<CourseRow> course(const std::string& course) = 0;
  /// The ghost of a player's best (replay/ghost.h bytes), if it has one.
  virtual std::optional<std::string> ghost(const std::string& course,
                                           const std::string& player) = 0;
  /// Boards, most played first, from `offset`, at most `limit`.
  virtual std::vector<CourseRow> courses(std::int64_t offset, std::int64_t limit) = 0;
  /// The schema version the database is at (after the migrations ran).
  virtual int schemaVersion() = 0;
  /// Adds the ban, or replaces the one of the same kind and key.
  virtual void putBan(const BanRow& ban) = 0;
  virtual void deleteBan(const std::string& kind, const std::string& key) = 0;
  /// Forgets the bans that ended by `now`, and returns the others, at most `limit`.
  virtual std::vector<BanRow> liveBans(std::int64_t now, std::int64_t limit) = 0;
  /// Gives `claim.nameKey` to `claim.fingerprint` unless a key owns it already; returns the
  /// owner's fingerprint after (the claim's, or the earlier owner's).
  virtual std::string claimName(const NameOwnerRow& claim) = 0;
  /// The owned names, oldest first, at most `limit`.
  virtual std::vector<NameOwnerRow> nameOwners(std::int64_t limit) = 0;
  /// Lets any key have the name again; false if nobody owned it.
  virtual bool releaseName(const std::string& nameKey) = 0;
};

/// Opens (creating and migrating) the database: PostgreSQL for a `postgresql://` `url`, else the
/// SQLite file `path`. Throws std::runtime_error when it cannot.
std::unique_ptr<RecordsStore> openRecordsStore(const std::string& path, const std::string& url);

/// "12345,67890": splits as the database stores them, and back (a malformed list gives none).
std::string joinSplits(const std::vector<std::int64_t>& splitsUs);
std::vector<std::int64_t> parseSplits(const std::string& text);

}  // namespace coyote
