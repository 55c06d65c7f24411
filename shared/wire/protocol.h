#pragma once

#include <cstddef>
#include <cstdint>

namespace coyote::net {

/// Bumped whenever a message layout or the simulation changes incompatibly.
/// 2: 128-bit reconnect tokens; 3: frame sequence and loss figures; 4: the living world (bodies,
/// materials, checkpoints, collision groups in the level; water and corner settings); 6: joints;
/// 7: the room a Hello asks for; 8: a server answers a repeated Hello with a copy of the
/// Welcome, which a client takes once per connection (an older client would start over); 9:
/// step-up, the walkable-slope limit and speed along slopes (three settings more in the Welcome);
/// 10: races (a level's start, finish, laps and checkpoint orders; a character's run); 11: race
/// boards and ghosts; 12: chat; 13: a server's password in the Hello, the respawn button (input
/// runs of 16 with 4 button bits); 14: a room's level changes (a second Welcome on a
/// connection, with its level epoch); 15: player keys (a public key and a signature in the Hello);
/// 16: the restart button (input runs of 8 with 5 button bits).
inline constexpr std::uint16_t kProtocolVersion = 16;
/// Bumped whenever the simulation changes or the encoding of what a replay or a run record holds
/// (a level, the settings, a state, inputs, events): a message added to the protocol leaves the
/// files already recorded readable (they are checked against it, not against kProtocolVersion).
/// It was the protocol version until the two parted, at 11. 12: the respawn button; 13: a run
/// record names its runner's key (docs/protocol.md#player-keys); 14: the restart button; 15: a
/// replay names the program version that wrote it (docs/hosting.md#upgrading).
inline constexpr std::uint16_t kRecordingVersion = 15;
/// The first recording version whose replays name the version that wrote them.
inline constexpr std::uint16_t kFirstNamedRecording = 15;
/// The longest program version a replay names ("0.1.0+git.812.168a5e1.dirty" is 27).
inline constexpr std::size_t kMaxVersionLength = 64;
/// The oldest recording version still read: 12 differs from 13 only by the runner's key, which
/// a record of 12 has not; 13 from 14 by the restart button, which no input of 13 holds; 14
/// from 15 by the replay's writer, which a replay of 14 does not name.
inline constexpr std::uint16_t kOldestReadableRecording = 12;
/// Whether a file recorded with `version` can be read by this build.
inline constexpr bool readableRecording(std::uint16_t version) {
  return version >= kOldestReadableRecording && version <= kRecordingVersion;
}
inline constexpr std::uint16_t kDefaultPort = 7777;

/// ENet channels (docs/protocol.md#channels).
enum Channel : std::uint8_t {
  kReliableChannel = 0,    ///< handshake, join/leave, level and full state, reports
  kUnreliableChannel = 1,  ///< inputs up, authoritative frames down
};
inline constexpr std::size_t kChannelCount = 2;

// Caps checked before anything is allocated while decoding (docs/protocol.md#bounds).
inline constexpr std::size_t kMaxNameLength = 32;
/// A server's password (`server.password`), in bytes.
inline constexpr std::size_t kMaxPasswordLength = 64;
inline constexpr std::size_t kMaxRoomNameLength = 24;
/// What a Hello may carry as a room name on the wire: more than a room name may be, so that a
/// name too long is refused with its reason (room_name.h) rather than dropped as malformed.
inline constexpr std::size_t kMaxWireRoomNameLength = 64;
/// The largest simulation radius (tiles) a limits event may set, as `sim.simulation_radius`.
inline constexpr std::uint16_t kMaxLimitRadius = 1000;
inline constexpr std::size_t kMaxReasonLength = 256;
/// A chat line: at most this many characters (code points), so at most 4 times as many bytes.
inline constexpr std::size_t kMaxChatCharacters = 120;
inline constexpr std::size_t kMaxChatBytes = 4 * kMaxChatCharacters;
inline constexpr std::size_t kMaxLevelSide = 4096;
inline constexpr std::size_t kMaxLevelTiles = 1u << 20;
inline constexpr std::size_t kMaxSpawns = 256;
inline constexpr std::size_t kMaxInputsPerBatch = 32;
inline constexpr std::size_t kMaxFramesPerMessage = 120;
inline constexpr std::size_t kMaxEventsPerFrame = 64;
inline constexpr std::size_t kMaxFieldReport = 16;

/// ENet limits, set on purpose (docs/protocol.md#bounds).
/// A ghost's compressed path (replay/ghost.h): 10 minutes of the busiest run fit.
inline constexpr std::size_t kMaxGhostBytes = 65535;
inline constexpr std::size_t kMaxPacketSize = 256 * 1024;    ///< largest message: a Welcome
inline constexpr std::size_t kMaxWaitingData = 1024 * 1024;  ///< per-peer reassembly buffer

}  // namespace coyote::net
