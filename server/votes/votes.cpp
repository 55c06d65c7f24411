#include "server/votes/votes.h"

#include <fmt/format.h>

namespace coyote {

Votes::Votes(bool enabled, ChatRouter& chat, Moderation& moderation,
             std::shared_ptr<spdlog::logger> log)
    : enabled_(enabled), chat_(chat), moderation_(moderation), log_(std::move(log)) {
  using commands::Arguments;
  chat_.addCommand("vote kick", [this](Connection& from, const Arguments& arguments, double now) {
    call(from, arguments["name"], now);
  });
  chat_.addCommand("vote yes", [this](Connection& from, const Arguments&, double now) {
    cast(from, true, now);
  });
  chat_.addCommand("vote no", [this](Connection& from, const Arguments&, double now) {
    cast(from, false, now);
  });
  chat_.whenKicked([this](const Connection& kicked) {
    const auto vote = kicked.room == nullptr ? open_.end() : open_.find(kicked.room);
    if (vote != open_.end() && kicked.role == Connection::Role::Player &&
        vote->second.targetSlot() == kicked.slot) {
      open_.erase(vote);  // whom it named is gone: nothing left to vote on
    }
  });
}

const VoteKick* Votes::openIn(const Room& room) const {
  const auto vote = open_.find(&room);
  return vote == open_.end() ? nullptr : &vote->second;
}

std::string Votes::callRefusal(const Connection& caller, const std::vector<Connection*>& named,
                               double now) const {
  const Room& room = *caller.room;
  if (!enabled_) {
    return "vote kicks are off on this server";
  }
  if (caller.role != Connection::Role::Player) {
    return "spectators do not vote";
  }
  if (openIn(room) != nullptr) {
    return "a vote is already open in this room";
  }
  if (const auto found = callers_.find(caller);
      found != nullptr && now - found->lastCalled < kCallerPause) {
    return "you called a vote less than a minute ago";
  }
  if (named.empty()) {
    return "nobody of that name plays in this room";
  }
  if (named.front() == &caller) {
    return "you cannot vote yourself out";
  }
  if (addressesOfPlayers(room, -1).size() < static_cast<std::size_t>(VoteKick::kMinAddresses)) {
    return fmt::format("a vote kick needs players from {} addresses in the room",
                       VoteKick::kMinAddresses);
  }
  return "";
}

void Votes::call(Connection& caller, const std::string& target, double now) {
  Room& room = *caller.room;
  const std::vector<Connection*> named = room.playersNamed(target);
  if (const std::string refusal = callRefusal(caller, named, now); !refusal.empty()) {
    chat_.notice(caller, refusal, now);
    return;
  }
  callers_.of(caller).lastCalled = now;
  const Connection& whom = *named.front();
  const VoteKick& vote =
      open_.try_emplace(&room, whom.slot, room.slotName(whom.slot), caller.host, now).first->second;
  const std::size_t voters = votersFor(room, vote).size();
  log_->info("room {}: {} calls a vote to kick {}", room.name(), room.slotName(caller.slot),
             vote.targetName());
  chat_.announce(room, fmt::format("{} calls a vote to kick {}: /vote yes or /vote no ({} of {} "
                                   "needed, {:.0f} s)",
                                   room.slotName(caller.slot), vote.targetName(),
                                   VoteKick::needed(voters), voters, VoteKick::kSeconds));
}

void Votes::cast(Connection& voter, bool yes, double now) {
  Room& room = *voter.room;
  const auto open = open_.find(&room);
  if (open == open_.end()) {
    chat_.notice(voter, "no vote is open in this room", now);
    return;
  }
  VoteKick* vote = &open->second;
  if (voter.role != Connection::Role::Player || !vote->cast(voter.slot, voter.host, yes)) {
    chat_.notice(voter, "you have no vote on this one", now);
    return;
  }
  const std::vector<std::string> voters = votersFor(room, *vote);
  chat_.announce(room,
                 fmt::format("{} votes {} ({} yes, {} no, {} needed)", room.slotName(voter.slot),
                             yes ? "yes" : "no", vote->yesAmong(voters), vote->noAmong(voters),
                             VoteKick::needed(voters.size())));
  judge(room, now);
}

std::vector<std::string> Votes::votersFor(const Room& room, const VoteKick& vote) {
  return addressesOfPlayers(room, vote.targetSlot());
}

std::vector<std::string> Votes::addressesOfPlayers(const Room& room, int except) {
  std::vector<std::string> addresses;
  for (const Connection* member : room.members()) {
    if (member->role == Connection::Role::Player && !member->kicked() && member->slot != except &&
        std::ranges::find(addresses, member->host) == addresses.end()) {
      addresses.push_back(member->host);
    }
  }
  return addresses;
}

// The room's open vote: passed, failed, or over because whom it named is gone; or still open.
void Votes::judge(Room& room, double now) {
  const auto open = open_.find(&room);
  if (open == open_.end()) {
    return;
  }
  const VoteKick vote = open->second;
  const std::vector<std::string> voters = votersFor(room, vote);
  const VoteKick::Outcome outcome = vote.outcome(voters, now);
  const std::vector<Connection*> target = room.playersNamed(vote.targetName());
  if (target.empty() || target.front()->slot != vote.targetSlot()) {
    chat_.announce(room, fmt::format("the vote ends: {} left", vote.targetName()));
  } else if (outcome == VoteKick::Outcome::Failed) {
    chat_.announce(
        room, fmt::format("the vote to kick {} failed ({} yes of {} needed)", vote.targetName(),
                          vote.yesAmong(voters), VoteKick::needed(voters.size())));
  } else if (outcome == VoteKick::Outcome::Open) {
    return;
  }
  open_.erase(open);
  if (outcome == VoteKick::Outcome::Passed && !target.empty()) {
    banVotedOut(*target.front(), vote.targetName(), now);
  }
}

// Its key, and its address for the ban's 5 minutes (a new key made there is refused too); the
// others behind that address are not kicked: they did not do it, and they may be a family.
void Votes::banVotedOut(Connection& target, const std::string& name, double now) {
  const std::int64_t since = moderation_.unixTime(now);
  Ban ban{0,     Ban::Kind::Address,  target.host, name, "voted out by the room",
          since, since + kBanSeconds, "vote"};
  if (!target.fingerprint.empty()) {
    ban.kind = Ban::Kind::Key;
    ban.value = target.fingerprint;
    ban.address = target.host;
  }
  const Ban* added = moderation_.addBan(std::move(ban));
  if (added == nullptr) {
    return;  // the list is full (logged by Moderation)
  }
  chat_.kick(target, banMessage(*added), now);
  moderation_.saveBans();
}

}  // namespace coyote
