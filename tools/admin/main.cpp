// coyote-admin: kick, ban, mute and talk to the players of a running coyote-server, and change
// a room's level, through its admin API (docs/hosting.md#moderation). The token comes from
// COYOTE_ADMIN_TOKEN.
#include <cstdlib>
#include <iostream>

#include "cli/program.h"
#include "tools/admin/admin_client.h"

namespace {

constexpr const char* kProgram = "coyote-admin";

struct CommandLine {
  std::string url = "http://127.0.0.1:9100";
  std::string player;
  std::string room;
  std::string reason;
  std::string minutes;
  std::string address;
  std::string name;
  std::string text;
  std::string id;
  std::string level;
  std::string when;
  std::string wait;
  bool json = false;
};

struct Command {
  std::string name;
  CLI::App* app;
};

std::vector<Command> addCommands(CLI::App& app, CommandLine& o) {
  app.add_option("--url", o.url, "the server's HTTP port (net.metrics_port)");
  app.add_flag("--json", o.json, "print the server's JSON answer as it is");
  app.require_subcommand(1);
  std::vector<Command> commands;
  const auto add = [&](const char* name, const char* help) {
    commands.push_back({name, app.add_subcommand(name, help)});
    return commands.back().app;
  };
  add("players", "rooms and their players: address, ping, loss, time connected");
  add("bans", "the bans, with their ids");
  CLI::App* kick = add("kick", "disconnect a player, telling them why");
  kick->add_option("player", o.player, "the player's name")->required();
  kick->add_option("--room", o.room, "only in this room");
  kick->add_option("--reason", o.reason, "shown to the player and the room");
  CLI::App* ban = add("ban", "ban a player's address, an address or a name (kicks them too)");
  ban->add_option("player", o.player, "the player whose address to ban");
  ban->add_option("--address", o.address, "an IPv4 address instead");
  ban->add_option("--name", o.name, "a name instead (any ASCII case)");
  ban->add_option("--minutes", o.minutes, "how long (0 or none: for good)");
  ban->add_option("--reason", o.reason, "shown to the player when refused");
  add("unban", "lift a ban")->add_option("id", o.id, "its id (coyote-admin bans)")->required();
  CLI::App* mute = add("mute", "the player's chat lines reach nobody");
  mute->add_option("player", o.player, "the player's name")->required();
  mute->add_option("--minutes", o.minutes, "how long (default 10)");
  add("unmute", "lift a mute")->add_option("player", o.player, "the player's name")->required();
  CLI::App* say = add("say", "a server line to every room, or one");
  say->add_option("text", o.text, "at most 120 characters")->required();
  say->add_option("--room", o.room, "only this room");
  add("levels", "the levels the server loaded, and what each room plays");
  CLI::App* level = add("level", "a room plays another of the loaded levels, starting over");
  level->add_option("level", o.level, "its file name (coyote-admin levels)")->required();
  level->add_option("--room", o.room, "the room (default main)");
  level->add_option("--when", o.when, "now (default) or race_end: once nobody there is racing")
      ->check(CLI::IsMember({"now", "race_end"}));
  level->add_option("--wait", o.wait, "race_end: seconds to wait at most (default 300)");
  return commands;
}

coyote::AdminAnswer run(const std::string& command, const CommandLine& o,
                        const coyote::AdminClient& client) {
  if (command == "players" || command == "bans" || command == "levels") {
    return client.get("/admin/" + command);
  }
  const coyote::AdminClient::Arguments arguments{
      {"player", o.player},   {"room", o.room}, {"reason", o.reason}, {"minutes", o.minutes},
      {"address", o.address}, {"name", o.name}, {"text", o.text},     {"id", o.id},
      {"level", o.level},     {"when", o.when}, {"wait", o.wait}};
  return client.post("/admin/" + (command == "say" ? std::string("broadcast") : command),
                     arguments);
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine o;
  CLI::App app{
      "Moderates a running coyote-server and sets its rooms' levels through its admin API; the "
      "token comes from "
      "COYOTE_ADMIN_TOKEN"};
  const std::vector<Command> commands = addCommands(app, o);
  if (const auto exit = coyote::cli::parse(app, argc, argv, kProgram)) {
    return *exit;
  }
  const char* token = std::getenv("COYOTE_ADMIN_TOKEN");
  if (token == nullptr || *token == '\0') {
    return coyote::cli::fail(kProgram, "COYOTE_ADMIN_TOKEN: the server's admin.token is needed");
  }
  std::string command;
  for (const Command& candidate : commands) {
    command = candidate.app->parsed() ? candidate.name : command;
  }
  const coyote::AdminAnswer answer = run(command, o, coyote::AdminClient(o.url, token));
  std::cout << (o.json && answer.status != 0 ? answer.body
                                             : coyote::describeAnswer(command, answer));
  return answer.status == 200 ? 0 : 1;
}
