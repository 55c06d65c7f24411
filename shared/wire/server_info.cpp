#include "wire/server_info.h"

#include <algorithm>
#include <sstream>

#include "wire/protocol.h"
#include "wire/room_name.h"
#include "wire/text_check.h"
#include "wire/wire_archive.h"
#include "wire/wire_range.h"

namespace coyote::net {

// Cereal finds these by argument-dependent lookup.
template <class Archive>
void serialize(Archive& archive, RoomInfo& room) {
  boundedString(archive, room.name, kMaxRoomNameLength, "room name");
  boundedString(archive, room.level, kMaxInfoLevelNameLength, "level name");
  boundedString(archive, room.mode, 8, "mode");
  archive(room.players, room.maxPlayers);
}

namespace {

constexpr std::size_t kRequestFields = kInfoRequestMagic.size() + 2 + 4 + 2;

template <class Archive>
void serializeHeader(Archive& archive, ServerInfo& info) {
  archive(info.protocolVersion, info.nonce);
  boundedString(archive, info.name, kMaxServerNameLength, "server name");
  boundedString(archive, info.motd, kMaxMotdLength, "motd");
  boundedString(archive, info.version, 32, "version");
  wireBool(archive, info.password, "password");
  archive(info.players, info.maxPlayers, info.roomCount, info.firstRoom);
}

template <class T>
std::string encoded(T& value, void (*write)(WireOutputArchive&, T&)) {
  std::ostringstream stream(std::ios::binary);
  WireOutputArchive archive(stream);
  write(archive, value);
  return stream.str();
}

/// What a browser shows must be text (wire/text_check.h): no forged line, no terminal escape.
void checkPrintable(const std::string& text, const char* what) {
  if (std::string problem = textProblem(text, what); !problem.empty()) {
    throw WireError(problem);
  }
}

}  // namespace

std::array<std::uint8_t, kInfoRequestSize> encodeInfoRequest(const InfoRequest& request) {
  std::array<std::uint8_t, kInfoRequestSize> datagram{};
  std::copy(kInfoRequestMagic.begin(), kInfoRequestMagic.end(), datagram.begin());
  std::size_t at = kInfoRequestMagic.size();
  const auto put = [&](std::uint32_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) {
      datagram[at++] = static_cast<std::uint8_t>(value >> (8 * i));
    }
  };
  put(kProtocolVersion, 2);
  put(request.nonce, 4);
  put(request.firstRoom, 2);
  return datagram;
}

std::optional<InfoRequest> parseInfoRequest(std::span<const std::uint8_t> datagram) {
  if (datagram.size() != kInfoRequestSize ||
      !std::equal(kInfoRequestMagic.begin(), kInfoRequestMagic.end(), datagram.begin()) ||
      std::any_of(datagram.begin() + kRequestFields, datagram.end(),
                  [](std::uint8_t byte) { return byte != 0; })) {
    return std::nullopt;
  }
  const auto read = [&](std::size_t at, int bytes) {
    std::uint32_t value = 0;
    for (int i = 0; i < bytes; ++i) {
      value |= static_cast<std::uint32_t>(datagram[at + static_cast<std::size_t>(i)]) << (8 * i);
    }
    return value;
  };
  const std::size_t fields = kInfoRequestMagic.size();
  return InfoRequest{read(fields + 2, 4), static_cast<std::uint16_t>(read(fields + 6, 2))};
}

std::vector<std::uint8_t> encodeServerInfo(const ServerInfo& info) {
  ServerInfo header = info;
  std::string bytes(kInfoReplyMagic.begin(), kInfoReplyMagic.end());
  bytes += encoded<ServerInfo>(header,
                               [](WireOutputArchive& a, ServerInfo& i) { serializeHeader(a, i); });
  std::string rooms;
  std::uint8_t count = 0;
  for (RoomInfo room : info.rooms) {
    const std::string one =
        encoded<RoomInfo>(room, [](WireOutputArchive& a, RoomInfo& r) { serialize(a, r); });
    if (bytes.size() + 1 + rooms.size() + one.size() > kMaxInfoReplySize ||
        count == kMaxInfoRooms) {
      break;  // the rest are for the next request
    }
    rooms += one;
    ++count;
  }
  bytes += static_cast<char>(count);
  bytes += rooms;
  return {bytes.begin(), bytes.end()};
}

std::optional<ServerInfo> parseServerInfo(std::span<const std::uint8_t> datagram,
                                          std::string& error) {
  if (datagram.size() > kMaxInfoReplySize || datagram.size() < kInfoReplyMagic.size() ||
      !std::equal(kInfoReplyMagic.begin(), kInfoReplyMagic.end(), datagram.begin())) {
    error = "not a server info reply";
    return std::nullopt;
  }
  std::istringstream stream(std::string(datagram.begin() + kInfoReplyMagic.size(), datagram.end()),
                            std::ios::binary);
  try {
    WireInputArchive archive(stream);
    ServerInfo info;
    serializeHeader(archive, info);
    std::uint8_t count = 0;
    archive(count);
    if (count > kMaxInfoRooms) {
      throw WireError("room count " + std::to_string(count) + " exceeds " +
                      std::to_string(kMaxInfoRooms));
    }
    info.rooms.resize(count);
    for (RoomInfo& room : info.rooms) {
      serialize(archive, room);
      checkPrintable(room.name, "room name");
      checkPrintable(room.level, "level name");
      checkPrintable(room.mode, "mode");
    }
    checkPrintable(info.name, "server name");
    checkPrintable(info.motd, "motd");
    checkPrintable(info.version, "version");
    if (stream.peek() != std::char_traits<char>::eof()) {
      throw WireError("trailing bytes after the server info");
    }
    return info;
  } catch (const std::exception& failure) {  // WireError, cereal::Exception on truncation
    error = failure.what();
    return std::nullopt;
  }
}

}  // namespace coyote::net
