// The admin API's bans (docs/hosting.md#moderation): added and lifted by an admin, kept by
// Moderation, whoever a new ban covers kicked at once.
#include <charconv>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "server/admin/admin_arguments.h"
#include "server/game_server.h"
#include "server/player_name.h"
#include "wire/text_check.h"

namespace coyote {

// Exactly one of: `player` (the address of whoever plays under that name now, noted with it),
// `address`, `name`. Whoever the ban covers is kicked at once with its message.
AdminReply GameServer::adminBan(const HttpServer::Query& arguments) {
  Ban ban;
  ban.by = "admin";
  ban.since = moderation_.unixTime(now_);
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
    ban.value = found.front()->host;
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

AdminReply GameServer::applyBan(Ban ban) {
  const Ban* added = moderation_.addBan(std::move(ban));
  if (added == nullptr) {
    return adminFailure(409, fmt::format("the ban list is full ({} bans)", BanList::kMaxBans));
  }
  const Ban copy = *added;
  int kicked = 0;
  for (const auto& [peer, connection] : sessions_.connections()) {
    const std::string name = connection->role == Connection::Role::Player
                                 ? connection->room->slotName(connection->slot)
                                 : std::string();
    if (!connection->kicked() && connection->room != nullptr &&
        moderation_.bans().find(connection->host, name, copy.since) != nullptr) {
      chat_.kick(*connection, banMessage(copy), now_);
      ++kicked;
    }
  }
  nlohmann::json reply = nlohmann::json::parse(moderation_.bans().json(copy.id));
  reply["ok"] = true;
  reply["kicked"] = kicked;
  reply["saved"] = moderation_.saveBans();
  return {200, reply.dump()};
}

AdminReply GameServer::adminUnban(const HttpServer::Query& arguments) {
  const std::string text = adminArgument(arguments, "id");
  std::uint64_t id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    return adminFailure(400, "id: the number GET /admin/bans lists");
  }
  if (!moderation_.liftBan(id)) {
    return adminFailure(404, "id: no ban has it");
  }
  log_->warn("admin lifted ban {}", id);
  return {200, nlohmann::json{{"ok", true}, {"saved", moderation_.saveBans()}}.dump()};
}

}  // namespace coyote
