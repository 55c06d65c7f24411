#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "wire/server_info.h"

namespace coyote::listing {

/// A server's info (what the info query answers) as the registration and the list carry it:
/// `{"name", "motd", "version", "protocol", "password", "players", "max_players", "rooms":
/// [{"name", "level", "mode", "players", "max_players"}]}`. Only the fields a browser shows;
/// the query's nonce and paging are not part of it.
nlohmann::json infoJson(const net::ServerInfo& info);

/// The info in `json`, every field present, of its type and within the info query's own
/// bounds (lengths, printable text, at most kMaxInfoRooms rooms); nullopt and the reason,
/// naming the field ("info.rooms[2].level: …"), otherwise. Unknown keys are left alone, so a
/// newer server's registration still reads.
std::optional<net::ServerInfo> infoFromJson(const nlohmann::json& json, std::string& error);

}  // namespace coyote::listing
