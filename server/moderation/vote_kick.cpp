#include "server/moderation/vote_kick.h"

#include <algorithm>

namespace coyote {
namespace {

int countAmong(const std::set<int>& votes, const std::vector<int>& voters) {
  return static_cast<int>(
      std::count_if(voters.begin(), voters.end(), [&](int slot) { return votes.contains(slot); }));
}

}  // namespace

VoteKick::VoteKick(int targetSlot, std::string targetName, int callerSlot, double now)
    : targetSlot_(targetSlot), targetName_(std::move(targetName)), endsAt_(now + kSeconds) {
  yes_.insert(callerSlot);
}

bool VoteKick::cast(int slot, bool yes) {
  if (slot == targetSlot_) {
    return false;
  }
  (yes ? no_ : yes_).erase(slot);
  (yes ? yes_ : no_).insert(slot);
  return true;
}

int VoteKick::yesAmong(const std::vector<int>& voters) const {
  return countAmong(yes_, voters);
}

int VoteKick::noAmong(const std::vector<int>& voters) const {
  return countAmong(no_, voters);
}

VoteKick::Outcome VoteKick::outcome(const std::vector<int>& voters, double now) const {
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
