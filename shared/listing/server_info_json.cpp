#include "listing/server_info_json.h"

#include <fmt/format.h>

#include "wire/room_name.h"
#include "wire/text_check.h"

namespace coyote::listing {
namespace {

/// Why a field cannot be read; carries the field's path.
struct FieldError {
  std::string message;
};

const nlohmann::json& field(const nlohmann::json& object, const char* key,
                            const std::string& path) {
  const auto found = object.find(key);
  if (found == object.end()) {
    throw FieldError{fmt::format("{}.{}: missing", path, key)};
  }
  return *found;
}

std::string text(const nlohmann::json& object, const char* key, std::size_t maxBytes,
                 const std::string& path) {
  const nlohmann::json& value = field(object, key, path);
  if (!value.is_string()) {
    throw FieldError{fmt::format("{}.{}: expected text", path, key)};
  }
  const std::string& read = value.get_ref<const std::string&>();
  if (read.size() > maxBytes) {
    throw FieldError{fmt::format("{}.{}: at most {} bytes", path, key, maxBytes)};
  }
  if (const std::string problem = net::textProblem(read, "the text"); !problem.empty()) {
    throw FieldError{fmt::format("{}.{}: {}", path, key, problem)};
  }
  return read;
}

std::uint16_t count(const nlohmann::json& object, const char* key, const std::string& path) {
  const nlohmann::json& value = field(object, key, path);
  if (!value.is_number_unsigned() || value.get<std::uint64_t>() > 65535) {
    throw FieldError{fmt::format("{}.{}: expected a whole number from 0 to 65535", path, key)};
  }
  return static_cast<std::uint16_t>(value.get<std::uint64_t>());
}

net::RoomInfo roomFromJson(const nlohmann::json& json, const std::string& path) {
  if (!json.is_object()) {
    throw FieldError{fmt::format("{}: expected an object", path)};
  }
  net::RoomInfo room;
  room.name = text(json, "name", net::kMaxRoomNameLength, path);
  if (const std::string problem = net::roomNameProblem(room.name); !problem.empty()) {
    throw FieldError{fmt::format("{}.name: {}", path, problem)};
  }
  room.level = text(json, "level", net::kMaxInfoLevelNameLength, path);
  room.mode = text(json, "mode", 8, path);
  room.players = count(json, "players", path);
  room.maxPlayers = count(json, "max_players", path);
  return room;
}

}  // namespace

nlohmann::json infoJson(const net::ServerInfo& info) {
  nlohmann::json rooms = nlohmann::json::array();
  for (const net::RoomInfo& room : info.rooms) {
    rooms.push_back({{"name", room.name},
                     {"level", room.level},
                     {"mode", room.mode},
                     {"players", room.players},
                     {"max_players", room.maxPlayers}});
  }
  return {{"name", info.name},
          {"motd", info.motd},
          {"version", info.version},
          {"protocol", info.protocolVersion},
          {"password", info.password},
          {"players", info.players},
          {"max_players", info.maxPlayers},
          {"rooms", std::move(rooms)}};
}

std::optional<net::ServerInfo> infoFromJson(const nlohmann::json& json, std::string& error) {
  const std::string path = "info";
  try {
    if (!json.is_object()) {
      throw FieldError{"info: expected an object"};
    }
    net::ServerInfo info;
    info.name = text(json, "name", net::kMaxServerNameLength, path);
    info.motd = text(json, "motd", net::kMaxMotdLength, path);
    info.version = text(json, "version", 32, path);
    info.protocolVersion = count(json, "protocol", path);
    const nlohmann::json& password = field(json, "password", path);
    if (!password.is_boolean()) {
      throw FieldError{"info.password: expected true or false"};
    }
    info.password = password.get<bool>();
    info.players = count(json, "players", path);
    info.maxPlayers = count(json, "max_players", path);
    const nlohmann::json& rooms = field(json, "rooms", path);
    if (!rooms.is_array() || rooms.size() > net::kMaxInfoRooms) {
      throw FieldError{
          fmt::format("info.rooms: expected a list of at most {} rooms", net::kMaxInfoRooms)};
    }
    for (std::size_t index = 0; index < rooms.size(); ++index) {
      info.rooms.push_back(roomFromJson(rooms[index], fmt::format("info.rooms[{}]", index)));
    }
    info.roomCount = static_cast<std::uint16_t>(info.rooms.size());
    return info;
  } catch (const FieldError& failure) {
    error = failure.message;
    return std::nullopt;
  }
}

}  // namespace coyote::listing
