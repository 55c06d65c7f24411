#pragma once

#include <set>
#include <string>
#include <vector>

namespace coyote {

/// A room's vote to kick one of its players (docs/playing.md#vote-kick), for rooms without a
/// moderator: `/vote kick NAME` opens it with the caller's yes, `/vote yes` and `/vote no` answer.
/// Votes count per address, not per connection: the players behind one address (a family, or
/// one person with several clients) cast one vote between them, the last one cast. Every address
/// with a player in the room but the one named may vote (the one named may not, whoever shares
/// its address may); it passes with a majority of them, fails when a majority can no longer be
/// reached or after kSeconds. Players who leave stop counting.
class VoteKick {
 public:
  static constexpr double kSeconds = 60.0;
  /// Distinct addresses of the room's players, the one named included, for a vote to be called.
  static constexpr int kMinAddresses = 3;
  enum class Outcome { Open, Passed, Failed };

  VoteKick(int targetSlot, std::string targetName, const std::string& callerAddress, double now);

  /// The vote of `slot`'s address (a later one replaces an earlier one); false for the one named.
  bool cast(int slot, const std::string& address, bool yes);
  /// With `voters` the addresses of the players in the room now, but the one named.
  Outcome outcome(const std::vector<std::string>& voters, double now) const;
  /// Yes votes a majority of `voters` takes.
  static int needed(std::size_t voters) { return static_cast<int>(voters / 2 + 1); }
  int yesAmong(const std::vector<std::string>& voters) const;
  int noAmong(const std::vector<std::string>& voters) const;

  int targetSlot() const { return targetSlot_; }
  const std::string& targetName() const { return targetName_; }
  double secondsLeft(double now) const { return endsAt_ - now; }

 private:
  int targetSlot_;
  std::string targetName_;
  double endsAt_;
  std::set<std::string> yes_;  ///< addresses
  std::set<std::string> no_;
};

}  // namespace coyote
