#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace coyote::net {

// The server info query (Source's A2S_INFO, Teeworlds' server info): a raw datagram on the game
// port, answered by the server without a peer, a cookie or any state, so a server browser can
// list servers and their ping. The request is padded to kInfoRequestSize and a reply never
// exceeds 3 times that: the server is no amplifier, whoever the sender claims to be. A reply
// lists as many rooms as fit, from the one the request asks for; a browser asks again from the
// next for the rest.

inline constexpr std::array<std::uint8_t, 8> kInfoRequestMagic{'C', 'O', 'Y', 'O',
                                                               'T', 'E', '?', 'I'};
inline constexpr std::array<std::uint8_t, 8> kInfoReplyMagic{'C', 'O', 'Y', 'O',
                                                             'T', 'E', '!', 'I'};
inline constexpr std::size_t kInfoRequestSize = 400;
inline constexpr std::size_t kMaxInfoReplySize = 3 * kInfoRequestSize;
inline constexpr std::size_t kMaxServerNameLength = 48;
inline constexpr std::size_t kMaxMotdLength = 160;
inline constexpr std::size_t kMaxInfoRooms = 64;
inline constexpr std::size_t kMaxInfoLevelNameLength = 48;  ///< longer names are cut

struct InfoRequest {
  std::uint32_t nonce = 0;      ///< echoed: the browser matches replies and times the ping
  std::uint16_t firstRoom = 0;  ///< the first room to list (0, then where a reply stopped)
};

struct RoomInfo {
  std::string name;
  std::string level;  ///< the level's name
  std::string mode;   ///< "race" on a level with a race, else "play"
  std::uint16_t players = 0;
  std::uint16_t maxPlayers = 0;
};

struct ServerInfo {
  std::uint16_t protocolVersion = 0;
  std::uint32_t nonce = 0;
  std::string name;
  std::string motd;
  std::string version;  ///< the program's version, for people
  bool password = false;
  std::uint16_t players = 0;     ///< in every room
  std::uint16_t maxPlayers = 0;  ///< net.max_players × rooms.max_rooms
  std::uint16_t roomCount = 0;   ///< rooms open
  std::uint16_t firstRoom = 0;   ///< the index of rooms[0] among them
  std::vector<RoomInfo> rooms;
};

std::array<std::uint8_t, kInfoRequestSize> encodeInfoRequest(const InfoRequest& request);
/// A well-formed request (magic, size, padding of zeros), nullopt for anything else.
std::optional<InfoRequest> parseInfoRequest(std::span<const std::uint8_t> datagram);

/// The reply, with as many of `info.rooms` (from the first) as fit in kMaxInfoReplySize; the
/// ones left out are for the next request (`firstRoom` + the count sent).
std::vector<std::uint8_t> encodeServerInfo(const ServerInfo& info);
/// A well-formed reply with every field in its bounds; nullopt and the reason otherwise.
std::optional<ServerInfo> parseServerInfo(std::span<const std::uint8_t> datagram,
                                          std::string& error);

}  // namespace coyote::net
