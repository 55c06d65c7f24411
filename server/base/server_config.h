#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "config/toml_table_reader.h"
#include "sim/state/physics_config.h"

namespace coyote {

/// The physics settings compared one by one (for ServerConfig's comparison).
bool operator==(const PhysicsConfig& a, const PhysicsConfig& b);

/// Everything `coyote-server` can be told (docs/hosting.md#configuration), with defaults and units.
/// `configs/server.toml` mirrors it by section; CLI flags override the file;
/// `COYOTE_<SECTION>_<KEY>` environment variables override both (e.g. COYOTE_NET_PORT=7778).
struct ServerConfig {
  // [server] what the server browser shows (docs/hosting.md#the-server-browser)
  std::string serverName = "Coyote server";
  std::string motd;      ///< message of the day
  std::string password;  ///< "" = none; else a Hello must carry it (docs/hosting.md#moderation)
  /// "a.b.c.d[:port]" players reach this server at beside its own interfaces (NAT, a container's
  /// published port): a Hello signed for another address is refused (docs/protocol.md#player-keys)
  std::vector<std::string> publicAddresses;
  /// Base URLs "http://host[:port]" of the master servers that list this server on the internet
  /// (docs/hosting.md#the-internet-server-list); registered with when `registerWithMasters`.
  std::vector<std::string> masters;
  bool registerWithMasters = true;  ///< server.register: off keeps the server off every list
  // [sim] tick_rate lives in physics.tickRate
  std::int32_t maxSubsteps = 4;  ///< ticks caught up per loop turn; lag beyond is dropped

  PhysicsConfig physics;  ///< [physics]

  // [net]
  std::string bindAddress = "0.0.0.0";
  std::int32_t port = 7777;          ///< 0 picks a free port
  std::int32_t maxPlayers = 16;      ///< per room, ≤ 256
  std::int32_t maxSpectators = 8;    ///< per room
  std::int32_t sendRate = 20;        ///< frame messages per second to each client
  float peerTimeout = 5.0f;          ///< s without a packet from a peer before it is dropped
  float reliableTimeout = 20.0f;     ///< s a reliable message may go unacknowledged (ENet)
  float reconnectWindow = 30.0f;     ///< s a disconnected player's slot waits for its token
  std::int32_t maxInputLead = 120;   ///< ticks an input may arrive ahead of the server
  std::int32_t peersPerAddress = 4;  ///< ENet duplicatePeers: connections from one IP address
  std::int32_t badPacketLimit = 50;  ///< malformed packets per 10 s before a disconnect
  float metricsInterval = 10.0f;     ///< s between metrics log lines (0 = off)
  /// TCP port of /metrics, /healthz, /readyz (0 = off, -1 = any free port)
  std::int32_t metricsPort = 0;
  std::string metricsBind = "127.0.0.1";  ///< where the HTTP endpoints listen

  // [world]
  std::string level = "configs/levels/arena.tmj";
  /// What tiles and crates are made of; "" = `materials.toml` in the folder above the level's.
  std::string materials;
  /// Replay file, "" = no recording; `{room}` becomes the room's name (without it, only `main`
  /// is recorded).
  std::string record;

  // [rooms]
  /// Room name → level file ([rooms.levels]); `main` plays world.level unless listed.
  std::map<std::string, std::string> roomLevels;
  bool createUnknownRooms = true;  ///< a Hello naming an unlisted room opens it on world.level
  float roomIdleSeconds = 60.0f;   ///< s a room other than `main` stays open with nobody in it
  std::int32_t maxRooms = 8;       ///< rooms open at once, `main` included
  std::int32_t roomOpensPerAddress = 4;  ///< rooms one IP address may open a minute
  std::int32_t roomThreads = 1;  ///< threads that step the rooms of a tick (the loop's included)

  // [budgets] optional overrides of the level's map properties
  std::optional<std::int32_t> jumpsRemaining;
  std::optional<std::int32_t> dashesRemaining;
  // [agones] (also on when the AGONES_SDK_HTTP_PORT environment variable is set)
  bool agonesEnabled = false;
  float agonesHealthInterval = 5.0f;           ///< s between two health pings
  float agonesShutdownWhenEmptyAfter = 60.0f;  ///< s empty after a match → shutdown (0 = never)

  // [admin] (docs/hosting.md#moderation)
  std::string adminToken;                   ///< the admin API's bearer token; "" = the API is off
  std::vector<std::string> trustedProxies;  ///< admin.trusted_proxies: may say X-Forwarded-For
  std::string bansFile = "bans.json";       ///< where bans survive restarts
  bool voteKick = true;                     ///< players may vote a player out of their room

  // [records] (docs/hosting.md#records): finished runs kept in a database
  /// SQLite file of the records ("" = none unless records.url is set)
  std::string recordsPath;
  /// `postgresql://…` of a PostgreSQL database shared by a fleet (overrides records.path)
  std::string recordsUrl;
  bool recordsPage = false;          ///< serve /records and /records.json on the HTTP port
  std::int32_t recordsQueue = 1024;  ///< finished runs waiting for the database, at most
  /// Whether finished runs are kept at all.
  bool recordsEnabled() const { return !recordsPath.empty() || !recordsUrl.empty(); }

  /// The overload governor's budget for a tick's p95 (ms; 0 = no governor)
  float tickBudgetMs = 8.0f;
  /// What its level 3 caps `sim.simulation_radius` (tiles) and `budgets.max_active_bodies` at.
  std::int32_t overloadRadius = 24;
  std::int32_t overloadActiveBodies = 32;

  /// Setting by setting (a reload tells which changed: settings_reload.h).
  bool operator==(const ServerConfig&) const = default;
};

/// The shortest admin.token accepted: guessing it at 5 tries a minute must be hopeless.
/// What admin.token must carry at least (ServerConfig's tokenBits estimate).
inline constexpr int kMinAdminTokenBits = 128;
inline constexpr std::size_t kMaxPublicAddresses = 16;
inline constexpr std::size_t kMaxMasters = 8;

/// Reads the sections of a server config from a TOML root (the file, or the environment).
void readServerConfig(TomlTableReader& root, ServerConfig& config);

/// Loads a server TOML file over `config`. Refusals name the file, the key path and the reason.
void loadServerConfigFile(const std::string& file, ServerConfig& config);

/// Applies `COYOTE_<SECTION>_<KEY>=value` variables from `environment` (a null-terminated
/// `environ`-style array). Refusals name the variable.
void applyEnvironmentOverrides(char** environment, ServerConfig& config);

}  // namespace coyote
