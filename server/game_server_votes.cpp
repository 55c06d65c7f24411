// GameServer's chat commands and vote kicks (docs/playing.md#vote-kick): for rooms without a
// moderator, a majority of the room's other players can put one out for five minutes.
#include <fmt/format.h>

#include "server/game_server.h"

namespace coyote {
namespace {

/// How long a player voted out stays out.
constexpr std::int64_t kVoteBanSeconds = 5 * 60;
/// A caller whose vote failed waits this long before calling another.
constexpr double kVoteCallerPause = 60.0;

}  // namespace

// Commands count against the sender's chat rate like lines: a flood of them is a flood.
void GameServer::handleChatCommand(Connection& connection, const std::string& line) {
  if (!connection.chat.admit(now_)) {
    if (connection.chat.flooding()) {
      kick(connection, "chat flood");
    }
    return;
  }
  constexpr std::string_view kVoteKick = "/vote kick ";
  if (line == "/help") {
    notice(connection, "commands: /vote kick NAME, /vote yes, /vote no");
  } else if (line.starts_with(kVoteKick)) {
    startVoteKick(connection, line.substr(kVoteKick.size()));
  } else if (line == "/vote yes" || line == "/vote no") {
    castVote(connection, line == "/vote yes");
  } else {
    notice(connection, "unknown command; /help lists them");
  }
}

void GameServer::startVoteKick(Connection& connection, const std::string& target) {
  Room& room = *connection.room;
  std::vector<Connection*> named = playersNamed(target, room.name());
  std::string refusal;
  if (!config_.voteKick) {
    refusal = "vote kicks are off on this server";
  } else if (connection.role != Connection::Role::Player) {
    refusal = "spectators do not vote";
  } else if (room.vote()) {
    refusal = "a vote is already open in this room";
  } else if (now_ - connection.lastVoteCalled < kVoteCallerPause) {
    refusal = "you called a vote less than a minute ago";
  } else if (named.empty()) {
    refusal = "nobody of that name plays in this room";
  } else if (named.front() == &connection) {
    refusal = "you cannot vote yourself out";
  } else if (room.metrics().players < VoteKick::kMinPlayers) {
    refusal = fmt::format("a vote kick needs {} players in the room", VoteKick::kMinPlayers);
  }
  if (!refusal.empty()) {
    notice(connection, refusal);
    return;
  }
  connection.lastVoteCalled = now_;
  const Connection& whom = *named.front();
  const VoteKick& vote =
      room.vote().emplace(whom.slot, room.slotName(whom.slot), connection.slot, now_);
  const std::size_t voters = votersFor(room, vote).size();
  log_->info("room {}: {} calls a vote to kick {}", room.name(), room.slotName(connection.slot),
             vote.targetName());
  announce(room, fmt::format("{} calls a vote to kick {}: /vote yes or /vote no ({} of {} needed, "
                             "{:.0f} s)",
                             room.slotName(connection.slot), vote.targetName(),
                             VoteKick::needed(voters), voters, VoteKick::kSeconds));
}

void GameServer::castVote(Connection& connection, bool yes) {
  Room& room = *connection.room;
  std::optional<VoteKick>& vote = room.vote();
  if (!vote) {
    notice(connection, "no vote is open in this room");
    return;
  }
  if (connection.role != Connection::Role::Player || !vote->cast(connection.slot, yes)) {
    notice(connection, "you have no vote on this one");
    return;
  }
  const std::vector<int> voters = votersFor(room, *vote);
  announce(room,
           fmt::format("{} votes {} ({} yes, {} no, {} needed)", room.slotName(connection.slot),
                       yes ? "yes" : "no", vote->yesAmong(voters), vote->noAmong(voters),
                       VoteKick::needed(voters.size())));
  judgeVotes();
}

std::vector<int> GameServer::votersFor(const Room& room, const VoteKick& vote) const {
  std::vector<int> voters;
  for (const auto& [peer, connection] : connections_) {
    if (connection->room == &room && connection->role == Connection::Role::Player &&
        !connection->kicked && connection->slot != vote.targetSlot()) {
      voters.push_back(connection->slot);
    }
  }
  return voters;
}

void GameServer::judgeVotes() {
  for (auto& [name, open] : rooms_) {
    if (open->vote()) {
      judgeVote(*open);
    }
  }
}

// The room's open vote: passed, failed, or over because whom it named is gone; or still open.
void GameServer::judgeVote(Room& room) {
  const VoteKick vote = *room.vote();
  const std::vector<int> voters = votersFor(room, vote);
  const VoteKick::Outcome outcome = vote.outcome(voters, now_);
  std::vector<Connection*> target = playersNamed(vote.targetName(), room.name());
  if (target.empty() || target.front()->slot != vote.targetSlot()) {
    announce(room, fmt::format("the vote ends: {} left", vote.targetName()));
  } else if (outcome == VoteKick::Outcome::Failed) {
    announce(room,
             fmt::format("the vote to kick {} failed ({} yes of {} needed)", vote.targetName(),
                         vote.yesAmong(voters), VoteKick::needed(voters.size())));
  } else if (outcome == VoteKick::Outcome::Open) {
    return;
  }
  room.vote().reset();
  if (outcome == VoteKick::Outcome::Passed && !target.empty()) {
    Ban ban{0,
            Ban::Kind::Address,
            net::hostAddress(target.front()->peer->address),
            vote.targetName(),
            "voted out by the room",
            unixNow(),
            unixNow() + kVoteBanSeconds,
            "vote"};
    applyBan(std::move(ban), target.front());  // not others behind the same address
  }
}

}  // namespace coyote
