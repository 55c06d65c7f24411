#include "server/server_config.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "config/physics_config_loader.h"
#include "identity/hello_proof.h"
#include "io/config_error.h"
#include "sim/state/body.h"
#include "wire/protocol.h"
#include "wire/room_name.h"
#include "wire/server_info.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

constexpr std::string_view kEnvironmentPrefix = "COYOTE_";
/// COYOTE_* variables of other programs that look like overrides of a section's key: the
/// client's COYOTE_SERVER_BINARY is not [server] binary.
constexpr std::string_view kForeignVariables[] = {"server_binary"};
constexpr std::string_view kSections[] = {"server",  "sim",    "physics", "net",     "world",
                                          "budgets", "agones", "rooms",   "records", "admin"};
/// Variables that are lists: a comma-separated value is an array of its parts, spaces trimmed.
constexpr std::string_view kListVariables[] = {"admin_trusted_proxies", "server_public_addresses"};
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

// "a, b,c" as the array ["a", "b", "c"]; "" as an empty one.
toml::array listOf(std::string_view text) {
  toml::array list;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    std::string_view part = text.substr(0, comma);
    while (!part.empty() && part.front() == ' ') {
      part.remove_prefix(1);
    }
    while (!part.empty() && part.back() == ' ') {
      part.remove_suffix(1);
    }
    list.push_back(std::string(part));
    text = comma == std::string_view::npos ? "" : text.substr(comma + 1);
  }
  return list;
}

// Types an environment value the way TOML would: integer, float, boolean, else string.
void insertTyped(toml::table& table, const std::string& key, const std::string& text, bool isText) {
  if (isText) {
    table.insert_or_assign(key, text);
    return;
  }
  std::int64_t integer = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), integer);
  if (error == std::errc() && end == text.data() + text.size()) {
    table.insert_or_assign(key, integer);
    return;
  }
  char* floatEnd = nullptr;
  const double number = std::strtod(text.c_str(), &floatEnd);
  if (!text.empty() && floatEnd == text.c_str() + text.size()) {
    table.insert_or_assign(key, number);
  } else if (text == "true" || text == "false") {
    table.insert_or_assign(key, text == "true");
  } else {
    table.insert_or_assign(key, text);
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
  if (c.trustedProxies.size() > kMaxTrustedProxies) {
    admin.fail("trusted_proxies", fmt::format("at most {} addresses", kMaxTrustedProxies));
  }
  for (const std::string& proxy : c.trustedProxies) {
    in_addr parsed{};
    if (proxy.size() > 15 || inet_pton(AF_INET, proxy.c_str(), &parsed) != 1) {
      admin.fail("trusted_proxies", fmt::format("{:?} is not an IPv4 address a.b.c.d", proxy));
    }
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
  toml::table root;
  std::string names;
  for (char** entry = environment; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view variable(*entry);
    const auto equals = variable.find('=');
    if (!variable.starts_with(kEnvironmentPrefix) || equals == std::string_view::npos) {
      continue;
    }
    std::string name(
        variable.substr(kEnvironmentPrefix.size(), equals - kEnvironmentPrefix.size()));
    for (char& character : name) {
      character = static_cast<char>(std::tolower(static_cast<unsigned char>(character)));
    }
    const std::string value(variable.substr(equals + 1));
    // Only COYOTE_<SECTION>_<KEY> of a config section is an override; other COYOTE_*
    // variables (the client's COYOTE_SERVER_BINARY, COYOTE_FONT) belong to other programs.
    if (std::find(std::begin(kForeignVariables), std::end(kForeignVariables), name) !=
        std::end(kForeignVariables)) {
      continue;
    }
    for (std::string_view section : kSections) {
      if (name.size() > section.size() + 1 && name.starts_with(section) &&
          name[section.size()] == '_') {
        auto* table = root.insert(section, toml::table{}).first->second.as_table();
        const std::string key = name.substr(section.size() + 1);
        if (std::ranges::find(kListVariables, name) != std::end(kListVariables)) {
          table->insert_or_assign(key, listOf(value));
          break;
        }
        const bool isText = std::find(std::begin(kTextVariables), std::end(kTextVariables), name) !=
                            std::end(kTextVariables);
        insertTyped(*table, key, value, isText);
        break;
      }
    }
  }
  TomlTableReader reader(root, "environment (COYOTE_* variables)", "");
  readServerConfig(reader, config);
}

}  // namespace coyote
