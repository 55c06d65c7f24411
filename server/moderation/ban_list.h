#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/records/records_store.h"

namespace coyote {

inline constexpr std::size_t kMaxBanReasonBytes = 200;
inline constexpr std::int64_t kMaxBanMinutes = 10LL * 366 * 24 * 60;  ///< ten years; 0: for good

/// Whom moderation asks about: who a player is, what it is called and where it writes from.
struct Who {
  std::string name;         ///< as typed; compared as names compare (nameKey); "" if none
  std::string fingerprint;  ///< of its player key (hello_proof.h); "" before its Hello proved one
  std::string address;      ///< its IPv4 address "a.b.c.d"
};

/// One ban (docs/hosting.md#moderation): of a player key, of an IPv4 address or of a name.
struct Ban {
  enum class Kind { Address, Name, Key };
  std::uint64_t id = 0;  ///< given by the list, for unban
  Kind kind = Kind::Address;
  /// "a.b.c.d", the name (matched as names compare: nameKey), or the key's fingerprint
  std::string value;
  std::string name;        ///< an address or key ban: the name its player had ("" if none)
  std::string reason;      ///< shown to the banned player when refused
  std::int64_t since = 0;  ///< Unix time, s
  std::int64_t until = 0;  ///< Unix time, s; 0: never ends
  std::string by;          ///< "admin" or "vote"
  std::string key{};       ///< a name ban: nameKey(value), set by the list
  /// A key ban made of a player: the address it played from, banned with its key so that a new
  /// key made there is refused too ("" if none).
  std::string address{};

  bool liveAt(std::int64_t now) const { return until == 0 || now < until; }
};

/// The server's bans, kept in a JSON file (`admin.bans_file`) so that they survive restarts: the
/// file is read at start (a malformed one stops the server with the entry and field named) and
/// written again, whole and atomically (a temporary file renamed over it), at every change.
class BanList {
 public:
  static constexpr std::size_t kMaxBans = 10000;
  static constexpr std::uintmax_t kMaxFileBytes = 4u << 20;

  /// The bans of `file`, or none if it does not exist yet. Throws ConfigError naming the file,
  /// the entry and the field.
  static BanList load(const std::string& file);
  /// Writes every ban to `file`; throws std::runtime_error naming it when it cannot.
  void save(const std::string& file) const;
  /// The bans of the records database's rows (records_store.h), each checked as the file's
  /// entries are: a row that is not a ban is left out, and `problems` names it and its field.
  static BanList fromRows(const std::vector<BanRow>& rows, std::vector<std::string>& problems);
  /// Every ban as a row of the records database.
  std::vector<BanRow> rows() const;

  /// Adds `ban` (its id given here) and returns it; a live ban of the same address or name is
  /// replaced. Nullptr when the list holds kMaxBans already.
  const Ban* add(Ban ban);
  /// False if no ban has that id.
  bool remove(std::uint64_t id);
  /// Forgets the bans that ended by `now`; how many.
  std::size_t expire(std::int64_t now);
  /// The live ban of `who`'s key, address or name, if any, in that order.
  const Ban* find(const Who& who, std::int64_t now) const;
  const std::vector<Ban>& bans() const { return bans_; }
  /// `{"bans": [...]}`, what the file holds: every ban, or the one of `id` alone.
  std::string json(std::uint64_t id = 0) const;

 private:
  std::vector<Ban> bans_;
  std::uint64_t nextId_ = 1;
};

/// Why `text` is not an IPv4 address "a.b.c.d" ("" if it is).
std::string addressProblem(std::string_view text);
/// "address", "name" or "key", as the file and the records database name the kind.
const char* kindName(Ban::Kind kind);
/// "ban" text for a log or a refusal: "banned until 2026-12-03 18:00 UTC: spam" or "banned: spam".
std::string banMessage(const Ban& ban);

}  // namespace coyote
