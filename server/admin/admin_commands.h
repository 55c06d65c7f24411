#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <spdlog/logger.h>
#include <nlohmann/json_fwd.hpp>

#include "commands/command.h"
#include "commands/command_handlers.h"
#include "server/admin/admin_desk.h"
#include "server/base/server_config.h"
#include "server/bridges/records_bridge.h"
#include "server/chat/chat_router.h"
#include "server/moderation/moderation.h"
#include "server/rooms/room_directory.h"

namespace coyote {

/// The admin API's commands (docs/hosting.md#moderation), carried out on the loop's thread
/// between ticks: each admin command of commands/command_list.cpp has its handler here, bound by
/// name (the constructor throws std::logic_error if one has none), and gets its arguments
/// checked against the table's parameters first. Players are found by name in the
/// rooms' members; kicks and announcements go through the chat, bans and mutes to Moderation,
/// level changes to the RoomDirectory.
class AdminCommands {
 public:
  /// The longest a level change may be told to wait for the runs underway to end (s).
  static constexpr int kMaxRaceEndWait = 3600;
  /// A change waits at most this long for the runs underway to end (s), unless told otherwise.
  static constexpr double kRaceEndWait = 300.0;

  AdminCommands(const ServerConfig& config, std::shared_ptr<spdlog::logger> log,
                RoomDirectory& rooms, Moderation& moderation, ChatRouter& chat,
                RecordsBridge& records);

  /// Runs `command` at server time `now`: 404 for an action no command has, 400 naming the
  /// argument at fault.
  AdminReply run(const AdminCommand& command, double now);

 private:
  using Handler = AdminReply (AdminCommands::*)(const commands::Arguments& arguments);

  AdminReply players(const commands::Arguments& arguments);
  AdminReply kick(const commands::Arguments& arguments);
  AdminReply ban(const commands::Arguments& arguments);
  AdminReply bans(const commands::Arguments& arguments);
  AdminReply unban(const commands::Arguments& arguments);
  AdminReply mute(const commands::Arguments& arguments);
  AdminReply unmute(const commands::Arguments& arguments);
  AdminReply release(const commands::Arguments& arguments);
  AdminReply broadcast(const commands::Arguments& arguments);
  AdminReply levels(const commands::Arguments& arguments);
  AdminReply setLevel(const commands::Arguments& arguments);
  /// Fills in whom `ban` covers from the arguments; the failure to reply with if they say no one.
  std::optional<AdminReply> whomToBan(const commands::Arguments& arguments, Ban& ban) const;
  /// Adds the ban, kicks whoever it covers, saves the list.
  AdminReply applyBan(Ban ban);
  /// `[{"address", "players": [names]}]` for each address more than one connection shares.
  nlohmann::json sharedAddresses() const;
  /// Players (not kicked) named `name` (any ASCII case), in `room` or ("") any room.
  std::vector<Connection*> playersNamed(const std::string& name, const std::string& room) const;

  const ServerConfig& config_;
  std::shared_ptr<spdlog::logger> log_;
  RoomDirectory& rooms_;
  Moderation& moderation_;
  ChatRouter& chat_;
  RecordsBridge& records_;
  commands::CommandHandlers<Handler> handlers_;
  double now_ = 0.0;  ///< the time of the command being run
};

}  // namespace coyote
