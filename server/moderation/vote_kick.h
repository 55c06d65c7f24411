#pragma once

#include <set>
#include <string>
#include <vector>

namespace coyote {

/// A room's vote to kick one of its players (docs/playing.md#vote-kick), for rooms without a
/// moderator: `/vote kick NAME` opens it with the caller's yes, `/vote yes` and `/vote no` answer.
/// Every player in the room but the one named may vote; it passes with a majority of them, fails
/// when a majority can no longer be reached or after kSeconds. Players who leave stop counting.
class VoteKick {
 public:
  static constexpr double kSeconds = 60.0;
  static constexpr int kMinPlayers = 3;  ///< in the room, the one named included
  enum class Outcome { Open, Passed, Failed };

  VoteKick(int targetSlot, std::string targetName, int callerSlot, double now);

  /// A player's vote (a later one replaces an earlier one); false for the one named.
  bool cast(int slot, bool yes);
  /// With `voters` the slots of the players in the room now, but the one named.
  Outcome outcome(const std::vector<int>& voters, double now) const;
  /// Yes votes a majority of `voters` takes.
  static int needed(std::size_t voters) { return static_cast<int>(voters / 2 + 1); }
  int yesAmong(const std::vector<int>& voters) const;
  int noAmong(const std::vector<int>& voters) const;

  int targetSlot() const { return targetSlot_; }
  const std::string& targetName() const { return targetName_; }
  double secondsLeft(double now) const { return endsAt_ - now; }

 private:
  int targetSlot_;
  std::string targetName_;
  double endsAt_;
  std::set<int> yes_;
  std::set<int> no_;
};

}  // namespace coyote
