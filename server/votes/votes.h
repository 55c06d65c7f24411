#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/logger.h>

#include "server/chat/chat_router.h"
#include "server/moderation/moderation.h"
#include "server/rooms/room.h"
#include "server/session/per_session.h"
#include "server/votes/vote_kick.h"

namespace coyote {

/// Vote kicks (docs/playing.md#vote-kick): for rooms without a moderator, a majority of the
/// addresses of a room's other players can put one out for five minutes (one vote per address,
/// so that one person with many clients cannot outvote a room). Called and cast with chat commands
/// (`/vote kick NAME`, `/vote yes`, `/vote no`, registered with the ChatRouter). Each room has at
/// most one open VoteKick, kept here: it ends when whom it named is kicked (ChatRouter::whenKicked)
/// and goes with its room (`forget`). A vote that passes bans the address of whom it named, and
/// only that connection is kicked.
class Votes {
 public:
  /// How long a player voted out stays out.
  static constexpr std::int64_t kBanSeconds = 5 * 60;
  /// A caller whose vote failed waits this long before calling another.
  static constexpr double kCallerPause = 60.0;

  /// `enabled`: admin.vote_kick. Registers the commands with `chat`.
  Votes(bool enabled, ChatRouter& chat, Moderation& moderation,
        std::shared_ptr<spdlog::logger> log);

  /// `/vote kick NAME` from `caller`.
  void call(Connection& caller, const std::string& target, double now);
  /// `/vote yes` or `/vote no` from `voter`.
  void cast(Connection& voter, bool yes, double now);
  /// Ends the room's open vote if it passed, failed, ran out of time, or whom it named left.
  void judge(Room& room, double now);
  /// `room` closes: its open vote, if any, goes with it.
  void forget(const Room& room) { open_.erase(&room); }
  /// `connection`'s session ended: when it last called a vote goes.
  void forget(const Connection& connection) { callers_.forget(connection); }
  std::size_t sessionsKept() const { return callers_.size(); }
  /// The open vote of `room`, or nullptr.
  const VoteKick* openIn(const Room& room) const;

 private:
  /// Why `caller` may not call a vote on `named` now, or "".
  std::string callRefusal(const Connection& caller, const std::vector<Connection*>& named,
                          double now) const;
  /// The addresses that may vote on `vote`: of every player in `room` but the one named.
  static std::vector<std::string> votersFor(const Room& room, const VoteKick& vote);
  /// The distinct addresses of the players in `room` (not kicked), but the one in slot `except`.
  static std::vector<std::string> addressesOfPlayers(const Room& room, int except);
  /// The vote passed: the address of `target` banned for kBanSeconds, `target` alone kicked.
  void banVotedOut(Connection& target, const std::string& name, double now);

  bool enabled_;
  ChatRouter& chat_;
  Moderation& moderation_;
  std::shared_ptr<spdlog::logger> log_;
  std::map<const Room*, VoteKick> open_;  ///< each room's open vote
  struct Caller {
    double lastCalled = -1e9;  ///< s, when it last called a vote kick
  };
  PerSession<Caller> callers_;
};

}  // namespace coyote
