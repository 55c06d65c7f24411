#include "server/chat/chat_router.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "commands/command_list.h"
#include "wire/codec.h"
#include "wire/text_check.h"

namespace coyote {

ChatRouter::ChatRouter(Outbox& outbox, const Moderation& moderation,
                       std::shared_ptr<spdlog::logger> log)
    : outbox_(outbox), moderation_(moderation), log_(std::move(log)) {
  addCommand("help", [this](Connection& from, const commands::Arguments& arguments, double now) {
    help(from, arguments, now);
  });
}

void ChatRouter::addCommand(std::string_view name, Handler handler) {
  const commands::Command* command = commands::commandNamed(name, commands::kPlayer);
  if (command == nullptr) {
    throw std::logic_error(fmt::format("no command {} for players in the table", name));
  }
  handlers_[command->name] = std::move(handler);
}

void ChatRouter::requireEveryCommand() const {
  for (const commands::Command* command : commands::commandsFor(commands::kPlayer)) {
    if (!handlers_.contains(command->name)) {
      throw std::logic_error(fmt::format("the players' command {} has no handler", command->name));
    }
  }
}

void ChatRouter::help(Connection& from, const commands::Arguments& arguments, double now) {
  if (arguments.has("command")) {
    const commands::Command* command =
        commands::commandNamed(arguments["command"], commands::kPlayer);
    notice(from,
           command == nullptr ? "help: no command " + arguments["command"]
                              : fmt::format("/{}: {}", commands::usage(*command), command->help),
           now);
    return;
  }
  std::string usages;
  for (const commands::Command* command : commands::commandsFor(commands::kPlayer)) {
    if (command->name != "help" && handlers_.contains(command->name)) {
      usages += fmt::format("{}/{}", usages.empty() ? "" : ", ", commands::usage(*command));
    }
  }
  notice(from, "commands: " + usages, now);
}

// A line is checked before anything else: text no client of ours sends is a malformed packet.
std::string ChatRouter::hear(Connection& from, const std::string& text, double now) {
  if (from.kicked()) {
    return "";  // on its way out: what it still says reaches nobody
  }
  if (const std::string problem = net::chatLineProblem(text); !problem.empty()) {
    notice(from, "not sent: " + problem, now);
    return "chat: " + problem;
  }
  if (text.starts_with('/')) {
    runCommand(from, text, now);
    return "";
  }
  Room& room = *from.room;
  const std::string name =
      from.role == Connection::Role::Player ? room.slotName(from.slot) : std::string("spectator");
  if (const double muted = moderation_.mutedFor(whoIs(from), now); muted > 0.0) {
    notice(from,
           fmt::format("not sent: you are muted for {:.0f} more minutes", std::ceil(muted / 60.0)),
           now);
    return "";
  }
  if (!admitLine(from, now, true)) {
    return "";
  }
  const std::vector<std::uint8_t> line =
      net::encode(net::ChatLine{net::ChatKind::Player, name, text});
  if (!room.admitChat(now, line.size())) {
    notice(from, "not sent: the room's chat is busy; try again in a moment", now);
    return "";
  }
  log_->info("room {}: chat: {:?}: {:?}", room.name(), name, text);  // escaped, whatever passed
  sendToRoom(room, line);
  return "";
}

// Commands count against the sender's chat rate like lines: a flood of them is a flood.
void ChatRouter::runCommand(Connection& from, const std::string& line, double now) {
  if (!admitLine(from, now, false)) {
    return;
  }
  const commands::Found found =
      commands::findCommand(std::string_view(line).substr(1), commands::kPlayer);
  const auto handler =
      found.command == nullptr ? handlers_.end() : handlers_.find(found.command->name);
  if (handler == handlers_.end()) {
    notice(from, "unknown command; /help lists them", now);
    return;
  }
  const std::optional<commands::Arguments> arguments =
      commands::fromLine(*found.command, found.rest);
  if (!arguments) {
    notice(from, "usage: /" + commands::usage(*found.command), now);
    return;
  }
  handler->second(from, *arguments, now);
}

bool ChatRouter::admitLine(Connection& from, double now, bool noticeIfOver) {
  ChatRate& rate = talkers_.of(from).rate;
  if (rate.admit(now)) {
    return true;
  }
  if (rate.flooding()) {
    kick(from, "chat flood", now);
  } else if (noticeIfOver) {
    notice(from, "not sent: at most 5 lines at once, then 1 a second", now);
  }
  return false;
}

void ChatRouter::sayToRoom(const Room& room, const net::ChatLine& line) {
  sendToRoom(room, net::encode(line));
}

void ChatRouter::sendToRoom(const Room& room, std::span<const std::uint8_t> encoded) {
  for (Connection* member : room.members()) {
    if (!member->refused() && !member->kicked()) {
      outbox_.send(*member, encoded, net::kReliableChannel);
    }
  }
}

void ChatRouter::announce(const Room& room, const std::string& text) {
  sayToRoom(room, net::ChatLine{net::ChatKind::Server, "", text});
}

// At most one notice a second: a flooder draws no more from the server than it sends.
void ChatRouter::notice(Connection& connection, const std::string& text, double now) {
  double& lastNotice = talkers_.of(connection).lastNotice;
  if (now - lastNotice < 1.0) {
    return;
  }
  lastNotice = now;
  outbox_.send(connection, net::encode(net::ChatLine{net::ChatKind::Notice, "", text}),
               net::kReliableChannel);
}

void ChatRouter::greet(Connection& connection, const std::string& motd) {
  outbox_.send(connection, net::encode(net::ChatLine{net::ChatKind::Server, "", motd}),
               net::kReliableChannel);
}

void ChatRouter::kick(Connection& connection, const std::string& reason, double now) {
  Room& room = *connection.room;
  const std::string name = connection.role == Connection::Role::Player
                               ? room.slotName(connection.slot)
                               : std::string("a spectator");
  log_->warn("room {}: {} ({}) kicked: {}", room.name(), name, connection.address, reason);
  outbox_.kick(connection, net::Goodbye{"kicked: " + reason}, now);
  announce(room, fmt::format("{} was kicked ({})", name, reason));
  for (const auto& listener : kickListeners_) {
    listener(connection);
  }
}

}  // namespace coyote
