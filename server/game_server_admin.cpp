// GameServer's side of the admin API (docs/hosting.md#moderation): the commands an AdminApi
// authenticated on the HTTP thread, carried out between ticks on the loop's thread.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "server/admin/admin_arguments.h"
#include "server/game_server.h"
#include "server/player_name.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

AdminReply success(nlohmann::json body) {
  body["ok"] = true;
  return {200, body.dump()};
}

}  // namespace

void GameServer::serveAdmin() {
  for (AdminDesk::Pending& pending : adminDesk_.take()) {
    pending.reply.set_value(runAdmin(pending.command));
  }
}

AdminReply GameServer::runAdmin(const AdminCommand& command) {
  const HttpServer::Query& arguments = command.arguments;
  if (command.action == "players") {
    return {200, adminPlayers()};
  }
  if (command.action == "bans") {
    return {200, moderation_.bans(now_).json()};
  }
  if (command.action == "kick") {
    return adminKick(arguments);
  }
  if (command.action == "ban") {
    return adminBan(arguments);
  }
  if (command.action == "unban") {
    return adminUnban(arguments);
  }
  if (command.action == "mute" || command.action == "unmute") {
    return adminMute(arguments, command.action == "mute");
  }
  if (command.action == "broadcast") {
    return adminBroadcast(arguments);
  }
  if (command.action == "levels") {
    return adminLevels();
  }
  if (command.action == "level") {
    return adminSetLevel(arguments);
  }
  return adminFailure(404, "no such admin command: " + command.action);
}

std::string GameServer::adminPlayers() const {
  nlohmann::json rooms = nlohmann::json::array();
  for (const auto& [name, room] : directory_.rooms()) {
    nlohmann::json players = nlohmann::json::array();
    int spectators = 0;
    for (const Connection* member : room->members()) {
      if (member->kicked() || member->refused()) {
        continue;
      }
      if (member->role == Connection::Role::Spectator) {
        ++spectators;
        continue;
      }
      const std::string& player = room->slotName(member->slot);
      players.push_back({{"name", player},
                         {"slot", member->slot},
                         {"address", member->address},
                         {"ping_ms", member->peer->roundTripTime},
                         {"loss_percent", member->sync.inputLoss.percent()},
                         {"connected_seconds", now_ - member->connectedAt},
                         {"muted", moderation_.mutedFor(player, now_) > 0.0}});
    }
    rooms.push_back({{"name", name},
                     {"level", room->level().name},
                     {"mode", room->level().race.present ? "race" : "play"},
                     {"tick", room->tick()},
                     {"players", players},
                     {"spectators", spectators}});
  }
  return nlohmann::json{{"server", config_.serverName}, {"rooms", rooms}}.dump();
}

std::vector<Connection*> GameServer::playersNamed(const std::string& name,
                                                  const std::string& room) {
  std::vector<Connection*> found;
  for (const auto& [roomName, open] : directory_.rooms()) {
    if (room.empty() || roomName == room) {
      std::ranges::copy(open->playersNamed(name), std::back_inserter(found));
    }
  }
  return found;
}

AdminReply GameServer::adminKick(const HttpServer::Query& arguments) {
  const std::string name = adminArgument(arguments, "player");
  std::string problem;
  const std::string reason = reasonArgument(arguments, problem);
  if (name.empty() || !problem.empty()) {
    return adminFailure(400, name.empty() ? "player: the name of a player to kick" : problem);
  }
  const std::vector<Connection*> players = playersNamed(name, adminArgument(arguments, "room"));
  if (players.empty()) {
    return adminFailure(404, "player: nobody of that name is playing");
  }
  for (Connection* connection : players) {
    chat_.kick(*connection, reason.empty() ? "by an admin" : reason, now_);
  }
  return success({{"kicked", players.size()}});
}

AdminReply GameServer::adminBroadcast(const HttpServer::Query& arguments) {
  const std::string text = adminArgument(arguments, "text");
  if (const std::string problem = net::chatLineProblem(text); !problem.empty()) {
    return adminFailure(400, "text: " + problem);
  }
  const std::string roomName = adminArgument(arguments, "room");
  int reached = 0;
  for (const auto& [name, room] : directory_.rooms()) {
    if (roomName.empty() || roomName == name) {
      chat_.sayToRoom(*room, net::ChatLine{net::ChatKind::Server, "", text});
      ++reached;
    }
  }
  if (reached == 0) {
    return adminFailure(404, "room: no open room of that name");
  }
  log_->info("admin broadcast to {}: {}", roomName.empty() ? "every room" : roomName, text);
  return success({{"rooms", reached}});
}

AdminReply GameServer::adminMute(const HttpServer::Query& arguments, bool mute) {
  const std::string name = adminArgument(arguments, "player");
  if (const std::string problem = nameProblem(name); !problem.empty() || name.empty()) {
    return adminFailure(400,
                        "player: " + (name.empty() ? std::string("a name is needed") : problem));
  }
  const std::optional<std::int64_t> minutes = minutesArgument(arguments, 10);
  if (!minutes || *minutes == 0) {
    return adminFailure(400, fmt::format("minutes: a whole number from 1 to {}", kMaxBanMinutes));
  }
  if (!mute) {
    return moderation_.unmute(name) ? success({}) : adminFailure(404, "player: not muted");
  }
  if (!moderation_.mute(name, *minutes, now_)) {
    return adminFailure(409,
                        fmt::format("at most {} players are muted at once", Moderation::kMaxMutes));
  }
  log_->info("admin: {} muted for {} min", name, *minutes);
  return success({{"minutes", *minutes}});
}

}  // namespace coyote
