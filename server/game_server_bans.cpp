// GameServer's bans (docs/hosting.md#moderation): added and lifted by the admin API or a vote
// kick, kept in admin.bans_file, looked at for every Hello.
#include <charconv>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "server/admin/admin_arguments.h"
#include "server/game_server.h"
#include "server/player_name.h"
#include "wire/text_check.h"

namespace coyote {

std::int64_t GameServer::unixNow() const {
  return unixAtStart_ + static_cast<std::int64_t>(now_ - startTime_);
}

// Exactly one of: `player` (the address of whoever plays under that name now, noted with it),
// `address`, `name`. Whoever the ban covers is kicked at once with its message.
AdminReply GameServer::adminBan(const HttpServer::Query& arguments) {
  Ban ban;
  ban.by = "admin";
  ban.since = unixNow();
  const int given = static_cast<int>(arguments.count("player") + arguments.count("address") +
                                     arguments.count("name"));
  if (given != 1) {
    return adminFailure(400, "one of player, address or name says whom to ban");
  }
  if (const std::string player = adminArgument(arguments, "player"); arguments.count("player")) {
    const std::vector<Connection*> found = playersNamed(player, adminArgument(arguments, "room"));
    if (found.empty()) {
      return adminFailure(404, "player: nobody of that name is playing (ban a name or an address)");
    }
    ban.value = net::hostAddress(found.front()->peer->address);
    ban.name = found.front()->room->slotName(found.front()->slot);
  } else if (arguments.count("address")) {
    ban.value = adminArgument(arguments, "address");
    if (const std::string problem = addressProblem(ban.value); !problem.empty()) {
      return adminFailure(400, "address: " + problem);
    }
  } else {
    ban.kind = Ban::Kind::Name;
    ban.value = adminArgument(arguments, "name");
    if (const std::string problem = nameProblem(ban.value); !problem.empty() || ban.value.empty()) {
      return adminFailure(400, "name: " + (problem.empty() ? std::string("empty") : problem));
    }
  }
  const std::optional<std::int64_t> minutes = minutesArgument(arguments, 0);
  if (!minutes) {
    return adminFailure(
        400, fmt::format("minutes: a whole number from 0 (for good) to {}", kMaxBanMinutes));
  }
  std::string problem;
  ban.reason = reasonArgument(arguments, problem);
  if (!problem.empty()) {
    return adminFailure(400, problem);
  }
  ban.until = *minutes == 0 ? 0 : ban.since + *minutes * 60;
  return applyBan(std::move(ban));
}

AdminReply GameServer::applyBan(Ban ban, Connection* only) {
  bans_.expire(ban.since);
  const Ban* added = bans_.add(std::move(ban));
  if (added == nullptr) {
    return adminFailure(409, fmt::format("the ban list is full ({} bans)", BanList::kMaxBans));
  }
  const Ban copy = *added;
  log_->warn("{} banned {} {}{} ({})", copy.by,
             copy.kind == Ban::Kind::Address ? "address" : "name", copy.value,
             copy.name.empty() ? "" : " (" + copy.name + ")", banMessage(copy));
  int kicked = 0;
  for (const auto& [peer, connection] : connections_) {
    const std::string name = connection->role == Connection::Role::Player
                                 ? connection->room->slotName(connection->slot)
                                 : std::string();
    const bool covered =
        only != nullptr ? connection.get() == only
                        : bans_.find(net::hostAddress(peer->address), name, copy.since) != nullptr;
    if (!connection->kicked && connection->room != nullptr && covered) {
      kick(*connection, banMessage(copy));
      ++kicked;
    }
  }
  nlohmann::json reply = nlohmann::json::parse(bans_.json(copy.id));
  reply["ok"] = true;
  reply["kicked"] = kicked;
  reply["saved"] = saveBans();
  return {200, reply.dump()};
}

AdminReply GameServer::adminUnban(const HttpServer::Query& arguments) {
  const std::string text = adminArgument(arguments, "id");
  std::uint64_t id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    return adminFailure(400, "id: the number GET /admin/bans lists");
  }
  if (!bans_.remove(id)) {
    return adminFailure(404, "id: no ban has it");
  }
  log_->warn("admin lifted ban {}", id);
  return {200, nlohmann::json{{"ok", true}, {"saved", saveBans()}}.dump()};
}

// With records, the database holds the bans and the file a copy, read only when the database does
// not answer at start (then its bans reach the database at the first change). A fleet sharing a
// database shares its bans from each server's start on.
void GameServer::loadBans() {
  if (records_) {
    try {
      const std::vector<BanRow> rows = openRecordsStore(config_.recordsPath, config_.recordsUrl)
                                           ->liveBans(unixNow(), BanList::kMaxBans);
      std::vector<std::string> problems;
      bans_ = BanList::fromRows(rows, problems);
      for (const std::string& problem : problems) {
        log_->error("ban left out: {}", problem);
      }
      records_->bansRead(rows);
      log_->info("{} bans read from the records database", bans_.bans().size());
      return;
    } catch (const std::runtime_error& error) {
      log_->warn("bans: {}; reading {} instead", error.what(), config_.bansFile);
    }
  }
  bans_ = BanList::load(config_.bansFile);
  if (!bans_.bans().empty()) {
    log_->info("{} bans read from {}", bans_.bans().size(), config_.bansFile);
  }
}

bool GameServer::saveBans() {
  if (records_) {
    records_->keepBans(bans_.rows());
  }
  try {
    bans_.save(config_.bansFile);
    return true;
  } catch (const std::exception& error) {
    log_->error("bans kept in memory only: {}", error.what());
    return false;
  }
}

// A ban first (its message says until when); then the password, whose wrong guesses an address
// may make 5 in 10 s before even the right one is refused for a while.
std::string GameServer::moderationRefusal(const Connection& connection, const net::Hello& hello) {
  if (const Ban* ban =
          bans_.find(net::hostAddress(connection.peer->address), hello.name, unixNow())) {
    return banMessage(*ban);
  }
  if (config_.password.empty()) {
    return "";
  }
  const std::uint32_t address = connection.peer->address.host;
  if (wrongPasswords_.over(address, now_)) {
    return "too many wrong passwords from this address; try again in a few seconds";
  }
  if (sameSecret(hello.password, passwordHash_)) {
    return "";
  }
  wrongPasswords_.admit(address, now_);
  return hello.password.empty() ? "this server needs a password" : "wrong password";
}

}  // namespace coyote
