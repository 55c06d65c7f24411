#include "server/base/server_config.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "config/environment_table.h"
#include "config/physics_config_loader.h"
#include "http/forwarded_client.h"
#include "identity/hello_proof.h"
#include "io/config_error.h"
#include "listing/master_url.h"
#include "sim/state/body.h"
#include "wire/protocol.h"
#include "wire/room_name.h"
#include "wire/server_info.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

/// COYOTE_* variables of other programs that look like overrides of a section's key: the
/// client's COYOTE_SERVER_BINARY is not [server] binary.
constexpr std::string_view kForeignVariables[] = {"server_binary"};
constexpr std::string_view kSections[] = {"server",  "sim",    "physics", "net",     "world",
                                          "budgets", "agones", "rooms",   "records", "admin"};
/// Variables that are lists: a comma-separated value is an array of its parts, spaces trimmed.
constexpr std::string_view kListVariables[] = {"admin_trusted_proxies", "server_public_addresses",
                                               "server_masters"};
/// Variables kept as text whatever they look like: a password or token of digits is no number.
constexpr std::string_view kTextVariables[] = {"server_name", "server_motd", "server_password",
                                               "admin_token", "admin_bans_file"};

/// The most a token of these characters can carry: its length times log2 of the alphabet its
/// character classes span (lower case, upper case, digits, the rest of printable ASCII). A
/// token of 32 random hex digits carries 165 by this count, `head -c 24 /dev/urandom | base64`
/// 192; "password123456789" claims 88.
double tokenBits(std::string_view token) {
  const auto has = [&](auto test) { return std::any_of(token.begin(), token.end(), test); };
  const double alphabet =
      (has([](char c) { return c >= 'a' && c <= 'z'; }) ? 26 : 0) +
      (has([](char c) { return c >= 'A' && c <= 'Z'; }) ? 26 : 0) +
      (has([](char c) { return c >= '0' && c <= '9'; }) ? 10 : 0) +
      (has([](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }) ? 32 : 0);
  return alphabet > 1 ? static_cast<double>(token.size()) * std::log2(alphabet) : 0.0;
}

void readOptionalBudget(TomlTableReader& budgets, std::string_view key,
                        std::optional<std::int32_t>& value) {
  std::int32_t read = value.value_or(-2);
  budgets.read(key, read, -1, 1000000);
  if (read != -2) {
    value = read;
  }
}

// [server]: what a server browser shows, printable text of bounded length.
void readServerSection(TomlTableReader& server, ServerConfig& c) {
  const auto readText = [&server](std::string_view key, std::string& value, std::size_t max) {
    server.read(key, value);
    if (value.size() > max) {
      server.fail(key, fmt::format("at most {} bytes", max));
    }
    if (const std::string problem = net::textProblem(value, "the text"); !problem.empty()) {
      server.fail(key, problem);
    }
  };
  readText("name", c.serverName, net::kMaxServerNameLength);
  readText("motd", c.motd, net::kMaxMotdLength);
  readText("password", c.password, net::kMaxPasswordLength);
  server.read("masters", c.masters);
  if (c.masters.size() > kMaxMasters) {
    server.fail("masters", fmt::format("at most {} masters", kMaxMasters));
  }
  for (const std::string& url : c.masters) {
    if (std::string problem; !listing::parseMasterUrl(url, problem)) {
      server.fail("masters", problem);
    }
  }
  server.read("register", c.registerWithMasters);
  server.read("public_addresses", c.publicAddresses);
  if (c.publicAddresses.size() > kMaxPublicAddresses) {
    server.fail("public_addresses", fmt::format("at most {} addresses", kMaxPublicAddresses));
  }
  for (const std::string& address : c.publicAddresses) {
    if (!identity::parseEndpoint(address, 1)) {
      server.fail("public_addresses",
                  fmt::format("{:?} is not an IPv4 address a.b.c.d or a.b.c.d:port", address));
    }
  }
  server.rejectUnknownKeys();
}

// [admin]: the admin API's token, where bans are kept, whether rooms may vote a player out.
void readAdmin(TomlTableReader& admin, ServerConfig& c) {
  admin.read("token", c.adminToken);
  if (const double bits = tokenBits(c.adminToken);
      !c.adminToken.empty() && bits < kMinAdminTokenBits) {
    admin.fail("token",
               fmt::format("carries about {:.0f} bits; at least {} are needed, e.g. `head "
                           "-c 24 /dev/urandom | base64` (or \"\" to leave the admin API off)",
                           bits, kMinAdminTokenBits));
  }
  const bool printable = std::all_of(c.adminToken.begin(), c.adminToken.end(),
                                     [](char ch) { return ch > ' ' && ch < 127; });
  if (!printable || c.adminToken.size() > 256) {
    admin.fail("token", "at most 256 printable ASCII characters without spaces");
  }
  admin.read("bans_file", c.bansFile);
  if (c.bansFile.empty()) {
    admin.fail("bans_file", "a file is needed: bans are kept there across restarts");
  }
  admin.read("vote_kick", c.voteKick);
  admin.read("trusted_proxies", c.trustedProxies);
  if (const std::string problem = trustedProxiesProblem(c.trustedProxies); !problem.empty()) {
    admin.fail("trusted_proxies", problem);
  }
  admin.rejectUnknownKeys();
}

// [rooms] and its [rooms.levels] table of room name → level file.
void readRooms(TomlTableReader& rooms, ServerConfig& c) {
  rooms.read("create_unknown", c.createUnknownRooms);
  rooms.read("idle_seconds", c.roomIdleSeconds, 1.0f, 86400.0f);
  rooms.read("max_rooms", c.maxRooms, 1, 64);
  rooms.read("opens_per_address", c.roomOpensPerAddress, 1, 1000);
  rooms.read("threads", c.roomThreads, 1, 64);
  TomlTableReader levels = rooms.section("levels");
  for (const std::string& room : levels.keys()) {
    if (const std::string problem = net::roomNameProblem(room); !problem.empty()) {
      levels.fail(room, problem);
    }
    std::string level;
    levels.read(room, level);
    if (level.empty()) {
      levels.fail(room, "a level file is needed");
    }
    c.roomLevels[room] = level;
  }
  levels.rejectUnknownKeys();
  rooms.rejectUnknownKeys();
}

// [records]: where finished runs are kept, and the page that shows them.
void readRecords(TomlTableReader& records, ServerConfig& c) {
  records.read("path", c.recordsPath);
  records.read("url", c.recordsUrl);
  if (!c.recordsUrl.empty() && !c.recordsUrl.starts_with("postgresql://") &&
      !c.recordsUrl.starts_with("postgres://")) {
    records.fail("url", "a PostgreSQL URL starts with postgresql://");
  }
  records.read("page", c.recordsPage);
  records.read("queue", c.recordsQueue, 1, 1000000);
  records.rejectUnknownKeys();
}

}  // namespace

void readServerConfig(TomlTableReader& root, ServerConfig& c) {
  TomlTableReader server = root.section("server");
  readServerSection(server, c);
  TomlTableReader sim = root.section("sim");
  TomlTableReader physics = root.section("physics");
  TomlTableReader budgets = root.section("budgets");
  readPhysicsSettings({sim, physics, budgets}, c.physics);
  sim.read("max_substeps", c.maxSubsteps, 1, 60);
  sim.rejectUnknownKeys();
  physics.rejectUnknownKeys();

  TomlTableReader net = root.section("net");
  net.read("bind", c.bindAddress);
  net.read("port", c.port, 0, 65535);
  net.read("max_players", c.maxPlayers, 1, 256);
  net.read("max_spectators", c.maxSpectators, 0, 256);
  net.read("send_rate", c.sendRate, 1, 240);
  net.read("peer_timeout", c.peerTimeout, 0.5f, 600.0f);
  net.read("reliable_timeout", c.reliableTimeout, 1.0f, 600.0f);
  net.read("reconnect_window", c.reconnectWindow, 0.0f, 3600.0f);
  net.read("max_input_lead", c.maxInputLead, 8, 600);
  net.read("peers_per_address", c.peersPerAddress, 1, 4095);
  net.read("bad_packet_limit", c.badPacketLimit, 1, 100000);
  net.read("metrics_interval", c.metricsInterval, 0.0f, 3600.0f);
  net.read("metrics_port", c.metricsPort, -1, 65535);
  net.read("metrics_bind", c.metricsBind);
  net.rejectUnknownKeys();

  TomlTableReader world = root.section("world");
  world.read("level", c.level);
  world.read("materials", c.materials);
  world.read("record", c.record);
  world.rejectUnknownKeys();

  readOptionalBudget(budgets, "jumps_remaining", c.jumpsRemaining);
  readOptionalBudget(budgets, "dashes_remaining", c.dashesRemaining);
  budgets.read("tick_budget_ms", c.tickBudgetMs, 0.0f, 1000.0f);
  budgets.read("overload_radius", c.overloadRadius, 1, 1000);
  budgets.read("overload_active_bodies", c.overloadActiveBodies, 1, kMaxCrates);
  budgets.rejectUnknownKeys();

  TomlTableReader rooms = root.section("rooms");
  readRooms(rooms, c);

  TomlTableReader records = root.section("records");
  readRecords(records, c);

  TomlTableReader admin = root.section("admin");
  readAdmin(admin, c);

  TomlTableReader agones = root.section("agones");
  agones.read("enabled", c.agonesEnabled);
  agones.read("health_interval", c.agonesHealthInterval, 0.1f, 600.0f);
  agones.read("shutdown_when_empty_after", c.agonesShutdownWhenEmptyAfter, 0.0f, 86400.0f);
  agones.rejectUnknownKeys();

  root.rejectUnknownKeys();
}

void loadServerConfigFile(const std::string& file, ServerConfig& config) {
  const toml::table root = parseTomlFile(file);
  TomlTableReader reader(root, file, "");
  readServerConfig(reader, config);
}

void applyEnvironmentOverrides(char** environment, ServerConfig& config) {
  const toml::table root =
      environmentTable(environment, {kSections, kListVariables, kTextVariables, kForeignVariables});
  TomlTableReader reader(root, kEnvironmentSource, "");
  readServerConfig(reader, config);
}

bool operator==(const PhysicsConfig& a, const PhysicsConfig& b) {
  bool same = true;
#define COYOTE_SAME_SETTING(section, key, type, name, ...) same = same && a.name == b.name;
  COYOTE_PHYSICS_SETTINGS(COYOTE_SAME_SETTING)
#undef COYOTE_SAME_SETTING
  return same;
}

}  // namespace coyote
