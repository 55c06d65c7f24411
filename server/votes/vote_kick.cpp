#include "server/votes/vote_kick.h"

#include <algorithm>

namespace coyote {
namespace {

int countAmong(const std::set<std::string>& votes, const std::vector<std::string>& voters) {
  return static_cast<int>(
      std::count_if(voters.begin(), voters.end(),
                    [&](const std::string& voter) { return votes.contains(voter); }));
}

}  // namespace

VoteKick::VoteKick(int targetSlot, std::string targetName, const std::string& callerAddress,
                   double now)
    : targetSlot_(targetSlot), targetName_(std::move(targetName)), endsAt_(now + kSeconds) {
  yes_.insert(callerAddress);
}

bool VoteKick::cast(int slot, const std::string& address, bool yes) {
  if (slot == targetSlot_) {
    return false;
  }
  (yes ? no_ : yes_).erase(address);
  (yes ? yes_ : no_).insert(address);
  return true;
}

int VoteKick::yesAmong(const std::vector<std::string>& voters) const {
  return countAmong(yes_, voters);
}

int VoteKick::noAmong(const std::vector<std::string>& voters) const {
  return countAmong(no_, voters);
}

VoteKick::Outcome VoteKick::outcome(const std::vector<std::string>& voters, double now) const {
  const int needed = VoteKick::needed(voters.size());
  if (yesAmong(voters) >= needed) {
    return Outcome::Passed;
  }
  const int stillOpen = static_cast<int>(voters.size()) - yesAmong(voters) - noAmong(voters);
  if (yesAmong(voters) + stillOpen < needed || now >= endsAt_) {
    return Outcome::Failed;
  }
  return Outcome::Open;
}

}  // namespace coyote
