// coyote-admin: kick, ban, mute and talk to the players of a running coyote-server, and change
// a room's level, through its admin API (docs/hosting.md#moderation). The token comes from
// COYOTE_ADMIN_TOKEN. Its subcommands are the admin API's commands as commands/command_list.cpp
// declares them: a command's first parameter is its positional argument, the others options.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <utility>

#include "cli/program.h"
#include "commands/command_list.h"
#include "tools/admin/admin_client.h"

namespace {

constexpr const char* kProgram = "coyote-admin";

struct CommandLine {
  std::string url = "http://127.0.0.1:9100";
  bool json = false;
  std::map<std::string, std::string> values;  ///< by parameter name, as typed
  std::map<std::string, bool> flags;          ///< by parameter name: given or not
};

/// `--key-only` for the API's `key_only`.
std::string optionName(std::string_view parameter) {
  std::string name = "--" + std::string(parameter);
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

std::vector<std::string> choicesOf(std::string_view choices) {
  std::vector<std::string> all;
  std::istringstream bars{std::string(choices)};
  for (std::string choice; std::getline(bars, choice, '|');) {
    all.push_back(choice);
  }
  return all;
}

void addParameters(CLI::App& subcommand, const coyote::commands::Command& command, CommandLine& o) {
  bool first = true;
  for (const coyote::commands::Parameter& parameter : command.parameters) {
    const std::string name(parameter.name);
    std::string help(parameter.about);
    help += parameter.note.empty() ? "" : " (" + std::string(parameter.note) + ")";
    const bool positional = std::exchange(first, false);
    if (parameter.flag) {
      subcommand.add_flag(optionName(name), o.flags[name], help);
      continue;
    }
    CLI::Option* option =
        subcommand.add_option(positional ? name : optionName(name), o.values[name], help);
    if (parameter.number) {
      option->type_name("NUMBER");
    }
    if (positional && !parameter.optional) {
      option->required();
    }
    if (!parameter.choices.empty()) {
      option->check(CLI::IsMember(choicesOf(parameter.choices)));
    }
  }
}

/// One subcommand per admin command; `broadcast` is also `say`.
std::map<std::string, CLI::App*> addCommands(CLI::App& app, CommandLine& o) {
  app.add_option("--url", o.url, "the server's HTTP port (net.metrics_port)");
  app.add_flag("--json", o.json, "print the server's JSON answer as it is");
  app.require_subcommand(1);
  std::map<std::string, CLI::App*> subcommands;
  for (const coyote::commands::Command* command :
       coyote::commands::commandsFor(coyote::commands::kAdmin)) {
    CLI::App* subcommand =
        app.add_subcommand(std::string(command->name), std::string(command->help));
    addParameters(*subcommand, *command, o);
    subcommands.emplace(command->name, subcommand);
  }
  subcommands.at("broadcast")->alias("say");
  return subcommands;
}

coyote::AdminAnswer run(const std::string& name, const CommandLine& o,
                        const coyote::AdminClient& client) {
  const coyote::commands::Command& command =
      *coyote::commands::commandNamed(name, coyote::commands::kAdmin);
  if (!command.changes) {
    return client.get("/admin/" + name);
  }
  coyote::AdminClient::Arguments arguments;
  for (const coyote::commands::Parameter& parameter : command.parameters) {
    const std::string field(parameter.name);
    arguments.emplace_back(field,
                           parameter.flag ? (o.flags.at(field) ? "yes" : "") : o.values.at(field));
  }
  return client.post("/admin/" + name, arguments);
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine o;
  CLI::App app{
      "Moderates a running coyote-server and sets its rooms' levels through its admin API; the "
      "token comes from "
      "COYOTE_ADMIN_TOKEN"};
  const std::map<std::string, CLI::App*> commands = addCommands(app, o);
  if (const auto exit = coyote::cli::parse(app, argc, argv, kProgram)) {
    return *exit;
  }
  const char* token = std::getenv("COYOTE_ADMIN_TOKEN");
  if (token == nullptr || *token == '\0') {
    return coyote::cli::fail(kProgram, "COYOTE_ADMIN_TOKEN: the server's admin.token is needed");
  }
  std::string command;
  for (const auto& [name, subcommand] : commands) {
    command = subcommand->parsed() ? name : command;
  }
  const coyote::AdminAnswer answer = run(command, o, coyote::AdminClient(o.url, token));
  std::cout << (o.json && answer.status != 0 ? answer.body
                                             : coyote::describeAnswer(command, answer));
  return answer.status == 200 ? 0 : 1;
}
