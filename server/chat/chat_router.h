#pragma once

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <spdlog/logger.h>

#include "commands/command.h"
#include "server/chat/chat_rate.h"
#include "server/moderation/moderation.h"
#include "server/rooms/room.h"
#include "server/session/outbox.h"
#include "server/session/per_session.h"
#include "wire/messages.h"

namespace coyote {

/// The chat of every room (docs/playing.md#chat): players' lines checked, rate-limited and sent
/// to everyone in the room; the server's own lines (joins, leaves, runs, kicks); notices to a
/// sender whose line did not go; the `/` commands players may run (commands/command_list.cpp
/// declares them with their parameters and help; their parts give the handlers). It reaches the
/// clients through an Outbox only, so a test drives it without a socket.
class ChatRouter {
 public:
  /// A command's handler: who typed it, its arguments (already checked), the server time.
  using Handler =
      std::function<void(Connection& from, const commands::Arguments& arguments, double now)>;

  ChatRouter(Outbox& outbox, const Moderation& moderation, std::shared_ptr<spdlog::logger> log);

  /// Serves the players' command `name` with `handler`; throws std::logic_error if the command
  /// table has no such command for players.
  void addCommand(std::string_view name, Handler handler);
  /// Once every part has added its handlers: throws std::logic_error naming a players' command of
  /// the table that none serves (as CommandHandlers does for the admin API and the console).
  void requireEveryCommand() const;

  /// A line `from` a player or spectator in a room. Returns what makes it a malformed packet
  /// (text no client of ours sends; the caller counts it) or "".
  std::string hear(Connection& from, const std::string& text, double now);
  /// To everyone in `room` (players and spectators, not those on their way out), reliably.
  void sayToRoom(const Room& room, const net::ChatLine& line);
  /// A line of the server's own to `room`.
  void announce(const Room& room, const std::string& text);
  /// To `connection` alone, at most once a second: why its line or command did not go.
  void notice(Connection& connection, const std::string& text, double now);
  /// The message of the day to `connection` as it comes in: a line of the server's own (drawn as
  /// the server's lines are, not in a notice's red, which is for what went wrong).
  void greet(Connection& connection, const std::string& motd);
  /// Says goodbye with "kicked: <reason>", closes the connection, tells its room, and tells
  /// those who asked (`whenKicked`).
  void kick(Connection& connection, const std::string& reason, double now);
  /// `connection`'s session ended: its chat rate and notice timer go.
  void forget(const Connection& connection) { talkers_.forget(connection); }
  /// Sessions whose chat it keeps state for.
  std::size_t sessionsKept() const { return talkers_.size(); }
  /// Called with each connection `kick` puts out, after its room was told (a vote on it ends).
  void whenKicked(std::function<void(const Connection& kicked)> listener) {
    kickListeners_.push_back(std::move(listener));
  }

 private:
  /// A line starting with '/': counted against the sender's chat rate like any line.
  void runCommand(Connection& from, const std::string& line, double now);
  /// `/help [COMMAND]`: the commands served, or one with its usage.
  void help(Connection& from, const commands::Arguments& arguments, double now);
  /// One encoded line to everyone in `room` but those on their way out.
  void sendToRoom(const Room& room, std::span<const std::uint8_t> encoded);
  /// False (and a notice, or a kick for a flood) when `from` is over its chat rate.
  bool admitLine(Connection& from, double now, bool noticeIfOver);

  Outbox& outbox_;
  const Moderation& moderation_;
  std::shared_ptr<spdlog::logger> log_;
  std::map<std::string_view, Handler> handlers_;  ///< by the command's name
  std::vector<std::function<void(const Connection&)>> kickListeners_;
  /// Each sender's chat rate, and when it was last told a line did not go.
  struct Talker {
    ChatRate rate;
    double lastNotice = -1e9;  ///< s
  };
  PerSession<Talker> talkers_;
};

}  // namespace coyote
