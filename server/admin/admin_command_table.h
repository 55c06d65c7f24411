#pragma once

#include <array>
#include <string_view>

namespace coyote {

/// One command of the admin API (docs/hosting.md#moderation): served at /admin/NAME, GET when it
/// only reads, POST when it changes something. AdminApi routes it, AdminCommands runs it; both
/// take the list from here, so a command is declared once.
struct AdminCommandSpec {
  std::string_view name;       ///< /admin/NAME, and AdminCommand::action
  bool changes;                ///< POST if true, GET otherwise
  std::string_view arguments;  ///< as the API's table in docs/hosting.md lists them
};

inline constexpr std::array<AdminCommandSpec, 10> kAdminCommands{{
    {"players", false, ""},
    {"kick", true, "`player`, `room`?, `reason`?"},
    {"ban", true,
     "one of `player`, `address`, `name`; `minutes`? (0 or none: for good); `reason`?"},
    {"bans", false, ""},
    {"unban", true, "`id`"},
    {"mute", true, "`player`, `minutes`? (10)"},
    {"unmute", true, "`player`"},
    {"broadcast", true, "`text`, `room`?"},
    {"levels", false, ""},
    {"level", true, "`level`, `room`? (main), `when`? (`now` or `race_end`), `wait`? (300)"},
}};

}  // namespace coyote
