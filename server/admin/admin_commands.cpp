// The admin API's commands (docs/hosting.md#moderation), run on the loop's thread.
#include "server/admin/admin_commands.h"

#include <charconv>
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/command_list.h"
#include "identity/hello_proof.h"
#include "server/admin/admin_arguments.h"
#include "wire/room_name.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

AdminReply success(nlohmann::json body) {
  body["ok"] = true;
  return {200, body.dump()};
}

// `key`: whole seconds from 0 to kMaxRaceEndWait, `fallback` when absent, nothing if malformed.
std::optional<double> secondsArgument(const commands::Arguments& arguments, std::string_view key,
                                      double fallback) {
  const std::string text = arguments[key];
  if (text.empty()) {
    return fallback;
  }
  int seconds = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error != std::errc() || end != text.data() + text.size() || seconds < 0 ||
      seconds > AdminCommands::kMaxRaceEndWait) {
    return std::nullopt;
  }
  return seconds;
}

nlohmann::json levelJson(const Level& level) {
  return {{"name", level.name},
          {"width", level.width()},
          {"height", level.height()},
          {"mode", level.race.present ? "race" : "play"}};
}

}  // namespace

AdminCommands::AdminCommands(const ServerConfig& config, std::shared_ptr<spdlog::logger> log,
                             RoomDirectory& rooms, Moderation& moderation, ChatRouter& chat,
                             RecordsBridge& records)
    : config_(config),
      log_(std::move(log)),
      rooms_(rooms),
      moderation_(moderation),
      chat_(chat),
      records_(records),
      handlers_(commands::kAdmin, {{"players", &AdminCommands::players},
                                   {"kick", &AdminCommands::kick},
                                   {"ban", &AdminCommands::ban},
                                   {"bans", &AdminCommands::bans},
                                   {"unban", &AdminCommands::unban},
                                   {"mute", &AdminCommands::mute},
                                   {"unmute", &AdminCommands::unmute},
                                   {"release", &AdminCommands::release},
                                   {"broadcast", &AdminCommands::broadcast},
                                   {"levels", &AdminCommands::levels},
                                   {"level", &AdminCommands::setLevel}}) {}

AdminReply AdminCommands::run(const AdminCommand& command, double now) {
  const commands::Command* found = commands::commandNamed(command.action, commands::kAdmin);
  if (found == nullptr) {
    return adminFailure(404, "no such admin command: " + command.action);
  }
  const auto arguments = commands::fromFields(*found, command.arguments);
  if (const auto* problem = std::get_if<std::string>(&arguments)) {
    return adminFailure(400, *problem);
  }
  now_ = now;
  return (this->*handlers_[*found])(std::get<commands::Arguments>(arguments));
}

// ---- players -----------------------------------------------------------------------------------

AdminReply AdminCommands::players(const commands::Arguments& /*arguments*/) {
  nlohmann::json rooms = nlohmann::json::array();
  for (const auto& [name, room] : rooms_.rooms()) {
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
                         {"key", member->fingerprint},
                         {"address", member->address},
                         {"ping_ms", std::lround(member->roundTripSeconds * 1000.0)},
                         {"loss_percent", member->sync.inputLoss.percent()},
                         {"connected_seconds", now_ - member->connectedAt},
                         {"muted", moderation_.mutedFor(whoIs(*member), now_) > 0.0}});
    }
    rooms.push_back({{"name", name},
                     {"level", room->level().name},
                     {"mode", room->level().race.present ? "race" : "play"},
                     {"tick", room->tick()},
                     {"players", players},
                     {"spectators", spectators}});
  }
  return {200, nlohmann::json{{"server", config_.serverName},
                              {"rooms", rooms},
                              {"shared_addresses", sharedAddresses()}}
                   .dump()};
}

// The addresses more than one player or spectator connects from (a NAT, a LAN party): who a
// ban by player with its address would remove with it.
nlohmann::json AdminCommands::sharedAddresses() const {
  std::map<std::string, std::vector<std::string>> byAddress;
  for (const auto& [name, room] : rooms_.rooms()) {
    for (const Connection* member : room->members()) {
      if (!member->kicked() && !member->refused()) {
        const Who who = whoIs(*member);
        byAddress[who.address].push_back(who.name.empty() ? "(a spectator)" : who.name);
      }
    }
  }
  nlohmann::json shared = nlohmann::json::array();
  for (const auto& [address, names] : byAddress) {
    if (names.size() > 1) {
      shared.push_back({{"address", address}, {"players", names}});
    }
  }
  return shared;
}

std::vector<Connection*> AdminCommands::playersNamed(const std::string& name,
                                                     const std::string& room) const {
  std::vector<Connection*> found;
  for (const auto& [roomName, open] : rooms_.rooms()) {
    if (room.empty() || roomName == room) {
      std::ranges::copy(open->playersNamed(name), std::back_inserter(found));
    }
  }
  return found;
}

AdminReply AdminCommands::kick(const commands::Arguments& arguments) {
  const std::string name = arguments["player"];
  std::string problem;
  const std::string reason = reasonArgument(arguments, problem);
  if (!problem.empty()) {
    return adminFailure(400, problem);
  }
  const std::vector<Connection*> players = playersNamed(name, arguments["room"]);
  if (players.empty()) {
    return adminFailure(404, "player: nobody of that name is playing");
  }
  for (Connection* connection : players) {
    chat_.kick(*connection, reason.empty() ? "by an admin" : reason, now_);
  }
  return success({{"kicked", players.size()}});
}

// The name's owner (docs/hosting.md#records) lets it go: any key may play under it again, and
// the next key to set a record with it owns it.
AdminReply AdminCommands::release(const commands::Arguments& arguments) {
  const std::string name = arguments["name"];
  if (const std::string problem = net::textProblem(name, "the name"); !problem.empty()) {
    return adminFailure(400, "name: " + problem);
  }
  if (records_.nameOwner(name).empty()) {
    return adminFailure(404, "name: no player key owns it on these records");
  }
  records_.releaseName(name);
  return success({});
}

AdminReply AdminCommands::broadcast(const commands::Arguments& arguments) {
  const std::string text = arguments["text"];
  if (const std::string problem = net::chatLineProblem(text); !problem.empty()) {
    return adminFailure(400, "text: " + problem);
  }
  const std::string roomName = arguments["room"];
  int reached = 0;
  for (const auto& [name, room] : rooms_.rooms()) {
    if (roomName.empty() || roomName == name) {
      chat_.sayToRoom(*room, net::ChatLine{net::ChatKind::Server, "", text});
      ++reached;
    }
  }
  if (reached == 0) {
    return adminFailure(404, "room: no open room of that name");
  }
  log_->info("admin broadcast to {}: {:?}", roomName.empty() ? "every room" : roomName, text);
  return success({{"rooms", reached}});
}

// ---- chat and bans ------------------------------------------------------------------------------

AdminReply AdminCommands::mute(const commands::Arguments& arguments) {
  const std::string name = arguments["player"];
  if (const std::string problem = net::textProblem(name, "the name"); !problem.empty()) {
    return adminFailure(400, "player: " + problem);
  }
  const std::optional<std::int64_t> minutes = minutesArgument(arguments, 10);
  if (!minutes || *minutes == 0) {
    return adminFailure(400, fmt::format("minutes: a whole number from 1 to {}", kMaxBanMinutes));
  }
  std::vector<Who> players;  // the mute follows their keys and addresses everywhere
  const std::vector<Connection*> named = playersNamed(name, "");
  for (const Connection* player : named) {
    players.push_back(whoIs(*player));
  }
  if (!moderation_.mute(name, players, *minutes, now_)) {
    return adminFailure(409,
                        fmt::format("at most {} players are muted at once", Moderation::kMaxMutes));
  }
  for (Connection* player : named) {  // told now, not at their next line
    chat_.notice(*player,
                 fmt::format("an admin muted you for {} minute{}: your chat lines reach nobody",
                             *minutes, *minutes == 1 ? "" : "s"),
                 now_);
  }
  log_->info("admin: {:?} muted for {} min ({} players)", name, *minutes, players.size());
  return success({{"minutes", *minutes}, {"addresses", players.size()}});
}

AdminReply AdminCommands::unmute(const commands::Arguments& arguments) {
  const std::string name = arguments["player"];
  if (const std::string problem = net::textProblem(name, "the name"); !problem.empty()) {
    return adminFailure(400, "player: " + problem);
  }
  return moderation_.unmute(name) ? success({}) : adminFailure(404, "player: not muted");
}

AdminReply AdminCommands::bans(const commands::Arguments& /*arguments*/) {
  return {200, moderation_.bans(now_).json()};
}

// Exactly one of: `player` (the key of whoever plays under that name now, with its address and
// name noted), `key`, `address`, `name`. Whoever the ban covers is kicked at once with its
// message.
AdminReply AdminCommands::ban(const commands::Arguments& arguments) {
  Ban ban;
  ban.by = "admin";
  ban.since = moderation_.unixTime(now_);
  if (std::optional<AdminReply> failure = whomToBan(arguments, ban)) {
    return *failure;
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

std::optional<AdminReply> AdminCommands::whomToBan(const commands::Arguments& arguments,
                                                   Ban& ban) const {
  const int given =
      static_cast<int>(arguments.has("player")) + static_cast<int>(arguments.has("key")) +
      static_cast<int>(arguments.has("address")) + static_cast<int>(arguments.has("name"));
  if (given != 1) {
    return adminFailure(400, "one of player, key, address or name says whom to ban");
  }
  std::string problem;
  if (arguments.has("player")) {
    const std::vector<Connection*> found = playersNamed(arguments["player"], arguments["room"]);
    if (found.empty()) {
      return adminFailure(404, "player: nobody of that name is playing (ban a name or an address)");
    }
    const Who who = whoIs(*found.front());
    const bool keyOnly = arguments["key_only"] == "yes";
    if (keyOnly && who.fingerprint.empty()) {
      return adminFailure(400, "key_only: this player proved no key; ban its address or name");
    }
    ban.kind = who.fingerprint.empty() ? Ban::Kind::Address : Ban::Kind::Key;
    ban.value = who.fingerprint.empty() ? who.address : who.fingerprint;
    ban.address = who.fingerprint.empty() || keyOnly ? "" : who.address;
    ban.name = who.name;
  } else if (arguments.has("key_only")) {
    return adminFailure(400, "key_only: only with player");
  } else if (arguments.has("key")) {
    ban.kind = Ban::Kind::Key;
    ban.value = arguments["key"];
    problem = identity::fingerprintProblem(ban.value);
  } else if (arguments.has("address")) {
    ban.value = arguments["address"];
    problem = addressProblem(ban.value);
  } else {
    ban.kind = Ban::Kind::Name;
    ban.value = arguments["name"];
    problem = ban.value.empty() ? "empty" : net::textProblem(ban.value, "the name");
  }
  if (!problem.empty()) {
    return adminFailure(400, fmt::format("{}: {}", kindName(ban.kind), problem));
  }
  return std::nullopt;
}

AdminReply AdminCommands::applyBan(Ban ban) {
  const Ban* added = moderation_.addBan(std::move(ban));
  if (added == nullptr) {
    return adminFailure(409, fmt::format("the ban list is full ({} bans)", BanList::kMaxBans));
  }
  const Ban copy = *added;
  nlohmann::json removed = nlohmann::json::array();
  std::string names;
  for (const auto& [roomName, room] : rooms_.rooms()) {
    const std::vector<Connection*> members = room->members();  // a kick may change them
    for (Connection* member : members) {
      if (!member->kicked() && moderation_.bans().find(whoIs(*member), copy.since) != nullptr) {
        const Who who = whoIs(*member);
        removed.push_back({{"name", who.name},
                           {"room", roomName},
                           {"key", who.fingerprint},
                           {"address", who.address},
                           {"spectator", member->role == Connection::Role::Spectator}});
        names += fmt::format("{}{:?} ({})", names.empty() ? "" : ", ", who.name, who.address);
        chat_.kick(*member, banMessage(copy), now_);
      }
    }
  }
  log_->info("admin: ban #{} of {} {} removed {}: {}", copy.id, kindName(copy.kind), copy.value,
             removed.size(), names.empty() ? "nobody" : names);
  nlohmann::json reply = nlohmann::json::parse(moderation_.bans().json(copy.id));
  reply["ok"] = true;
  reply["kicked"] = removed.size();
  reply["removed"] = std::move(removed);
  reply["saved"] = moderation_.saveBans();
  return {200, reply.dump()};
}

AdminReply AdminCommands::unban(const commands::Arguments& arguments) {
  const std::string text = arguments["id"];
  std::uint64_t id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size()) {
    return adminFailure(400, "id: the number GET /admin/bans lists");
  }
  if (!moderation_.liftBan(id)) {
    return adminFailure(404, "id: no ban has it");
  }
  log_->warn("admin lifted ban {}", id);
  return {200, nlohmann::json{{"ok", true}, {"saved", moderation_.saveBans()}}.dump()};
}

// ---- levels (docs/hosting.md#changing-a-rooms-level) --------------------------------------------

AdminReply AdminCommands::levels(const commands::Arguments& /*arguments*/) {
  nlohmann::json levels = nlohmann::json::array();
  for (const Level* level : rooms_.catalog().levels()) {
    levels.push_back(levelJson(*level));
  }
  nlohmann::json rooms = nlohmann::json::array();
  for (const auto& [name, room] : rooms_.rooms()) {
    nlohmann::json entry{{"name", name}, {"level", room->level().name}};
    if (const auto& next = room->nextLevel()) {
      entry["next_level"] = next->level->name;
      entry["next_level_within_seconds"] = std::max(0.0, next->deadline - now_);
    }
    rooms.push_back(entry);
  }
  return {200, nlohmann::json{{"levels", levels}, {"rooms", rooms}}.dump()};
}

// POST /admin/level: room (main), level (a loaded level's file name), when (now | race_end).
AdminReply AdminCommands::setLevel(const commands::Arguments& arguments) {
  const std::string roomName =
      arguments.has("room") ? arguments["room"] : std::string(net::kDefaultRoom);
  if (const std::string problem = net::roomNameProblem(roomName); !problem.empty()) {
    return adminFailure(400, "room: " + problem);
  }
  if (rooms_.catalog().levelFor(roomName) == nullptr) {
    return adminFailure(404, "room: this server opens no room named " + roomName);
  }
  const Level* level = rooms_.catalog().levelNamed(arguments["level"]);
  if (level == nullptr) {
    return adminFailure(400,
                        "level: the file name of a level this server loaded (GET "
                        "/admin/levels lists them)");
  }
  const bool atRacesEnd = arguments["when"] == "race_end";  // the table allows now or race_end
  const std::optional<double> wait = secondsArgument(arguments, "wait", kRaceEndWait);
  if (!wait) {
    return adminFailure(400, fmt::format("wait: whole seconds from 0 to {}", kMaxRaceEndWait));
  }
  const RoomDirectory::LevelSet set = rooms_.setLevel(roomName, *level, atRacesEnd, *wait, now_);
  const char* applied = set == RoomDirectory::LevelSet::kWhenTheRoomOpens ? "when the room opens"
                        : set == RoomDirectory::LevelSet::kNow            ? "now"
                                                                          : "at the race's end";
  return {200, nlohmann::json{{"ok", true}, {"applied", applied}}.dump()};
}

}  // namespace coyote
