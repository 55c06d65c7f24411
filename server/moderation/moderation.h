#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/logger.h>

#include "limits/address_rate_limit.h"
#include "limits/token_bucket.h"
#include "server/base/secret.h"
#include "server/base/server_config.h"
#include "server/moderation/ban_list.h"
#include "server/names/player_name.h"

namespace coyote {

class RecordsService;

/// Who may not join and who may not speak (docs/hosting.md#moderation): the bans, the mutes and
/// the server's password. It knows no socket and no connection: it is asked about an address
/// and a name at a server time (s, the loop's clock), so that a test asks it directly.
class Moderation {
 public:
  /// At most this many players are muted at once.
  static constexpr std::size_t kMaxMutes = 1024;

  /// `startTime`: the server time (s) at which the Unix time was `unixAtStart` (bans are kept in
  /// Unix time). `records`: the records service when records are kept (its database holds the
  /// bans), else nullptr; it must outlive this.
  Moderation(const ServerConfig& config, std::shared_ptr<spdlog::logger> log, double startTime,
             std::int64_t unixAtStart, RecordsService* records);

  /// The Unix time at server time `now`.
  std::int64_t unixTime(double now) const;

  /// Why a Hello from `address` (its IPv4 host as ENet holds it) by `who` with `password` may
  /// not join: a ban of its key, address or name first (its message says until when), then the
  /// password: past 5 wrong guesses in 10 s an address is refused, and past 10 a second from
  /// all addresses together none is checked. "" if it may join.
  std::string joinRefusal(std::uint32_t address, const Who& who, const std::string& password,
                          double now);

  /// server.password changed in the config this reads (a reload): a Hello checks the new one.
  void passwordChanged();

  // ---- bans -----------------------------------------------------------------------------------
  /// The bans at start: the records database's when records are kept and it answers, else
  /// admin.bans_file's.
  void loadBans();
  /// Adds `ban` (the expired ones dropped first); nullptr when the list is full.
  const Ban* addBan(Ban ban);
  /// False when no ban has `id`.
  bool liftBan(std::uint64_t id) { return bans_.remove(id); }
  /// Writes admin.bans_file (false, and logged, when it cannot) and, with records, hands the
  /// list to the records database.
  bool saveBans();
  /// The list, its expired bans dropped at `now`.
  const BanList& bans(double now);
  const BanList& bans() const { return bans_; }

  // ---- mutes ----------------------------------------------------------------------------------
  /// Mutes `name` (and its look-alikes: nameKey), and the keys and addresses of `players` (those
  /// playing under it now), for `minutes` from `now`: the mute follows them into spectating and
  /// renaming. False when kMaxMutes are muted.
  bool mute(const std::string& name, const std::vector<Who>& players, std::int64_t minutes,
            double now);
  /// False when `name` was not muted.
  bool unmute(const std::string& name);
  /// Seconds of mute left at `now` for a line from `who` (0: not muted).
  double mutedFor(const Who& who, double now) const;

 private:
  const ServerConfig& config_;
  std::shared_ptr<spdlog::logger> log_;
  double startTime_;
  std::int64_t unixAtStart_;
  RecordsService* records_;
  BanList bans_;
  struct Mute {
    double until = 0.0;                  ///< server time
    std::vector<std::string> addresses;  ///< of its players when it was made
    std::vector<std::string> keys;       ///< their keys' fingerprints
  };
  std::map<std::string, Mute> mutes_;  ///< by nameKey
  SecretHash passwordHash_{};
  /// Wrong passwords (server.password): 5 per address in 10 s, then every Hello is refused.
  AddressRateLimit wrongPasswords_{5, 10.0};
  /// Wrong passwords from all addresses together: 10 a second; beyond, none is checked.
  TokenBucket allWrongPasswords_{10.0, 10.0};
};

}  // namespace coyote
