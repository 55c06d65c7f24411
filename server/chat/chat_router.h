#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <spdlog/logger.h>

#include "server/moderation/moderation.h"
#include "server/rooms/room.h"
#include "server/session/outbox.h"
#include "wire/messages.h"

namespace coyote {

/// The chat of every room (docs/playing.md#chat): players' lines checked, rate-limited and sent
/// to everyone in the room; the server's own lines (joins, leaves, runs, kicks); notices to a
/// sender whose line did not go; the `/` commands, registered once with their usage. It reaches
/// the clients through an Outbox only, so a test drives it without a socket.
class ChatRouter {
 public:
  /// A command's handler: who typed it, what followed its name (its argument), the server time.
  using Handler = std::function<void(Connection& from, const std::string& argument, double now)>;

  ChatRouter(Outbox& outbox, const Moderation& moderation, std::shared_ptr<spdlog::logger> log);

  /// `/NAME` (`argument` ""), or `/NAME ARGUMENT` (`argument` names it for /help).
  void addCommand(std::string name, std::string argument, Handler handler);

  /// A line `from` a player or spectator in a room. Returns what makes it a malformed packet
  /// (text no client of ours sends; the caller counts it) or "".
  std::string hear(Connection& from, const std::string& text, double now);
  /// To everyone in `room` (players and spectators, not those on their way out), reliably.
  void sayToRoom(const Room& room, const net::ChatLine& line);
  /// A line of the server's own to `room`.
  void announce(const Room& room, const std::string& text);
  /// To `connection` alone, at most once a second: why its line or command did not go.
  void notice(Connection& connection, const std::string& text, double now);
  /// Says goodbye with "kicked: <reason>", closes the connection, tells its room, and ends the
  /// room's vote on it.
  void kick(Connection& connection, const std::string& reason, double now);

 private:
  struct Command {
    std::string name;
    std::string argument;
    Handler handler;
  };
  /// A line starting with '/': counted against the sender's chat rate like any line.
  void runCommand(Connection& from, const std::string& line, double now);
  /// One encoded line to everyone in `room` but those on their way out.
  void sendToRoom(const Room& room, std::span<const std::uint8_t> encoded);
  /// False (and a notice, or a kick for a flood) when `from` is over its chat rate.
  bool admitLine(Connection& from, double now, bool noticeIfOver);

  Outbox& outbox_;
  const Moderation& moderation_;
  std::shared_ptr<spdlog::logger> log_;
  std::vector<Command> commands_;
};

}  // namespace coyote
