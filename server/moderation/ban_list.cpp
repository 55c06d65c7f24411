#include "server/moderation/ban_list.h"

#include <arpa/inet.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "identity/hello_proof.h"
#include "io/bounded_file.h"
#include "io/config_error.h"
#include "server/names/player_name.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

/// `value` is an address, a name's key (nameKey) or a key's fingerprint.
bool matches(const Ban& ban, Ban::Kind kind, std::string_view value) {
  return ban.kind == kind && (kind == Ban::Kind::Name ? ban.key : ban.value) == value;
}

/// What identifies the ban: its value, a name by its nameKey (cached in `key` once listed).
std::string banKey(const Ban& ban) {
  if (ban.kind != Ban::Kind::Name) {
    return ban.value;
  }
  return ban.key.empty() ? nameKey(ban.value) : ban.key;
}

std::string valueProblem(const Ban& ban) {
  switch (ban.kind) {
    case Ban::Kind::Address:
      return addressProblem(ban.value);
    case Ban::Kind::Key:
      return identity::fingerprintProblem(ban.value);
    case Ban::Kind::Name:
      break;
  }
  return "";  // a name: its text was checked as text
}

/// Before look-alikes were folded (docs/protocol.md#text-and-names), a name ban's row was keyed by
/// its name in ASCII lower case: such a row is still the ban's, and the next save re-keys it.
bool keyedBeforeLookAlikes(const Ban& ban, std::string_view key) {
  return ban.kind == Ban::Kind::Name && key == asciiNameKey(ban.value);
}

const nlohmann::json& field(const nlohmann::json& entry, const char* name, const std::string& where,
                            nlohmann::json::value_t type) {
  const auto found = entry.find(name);
  const bool isType = found != entry.end() &&
                      (found->type() == type || (type == nlohmann::json::value_t::number_integer &&
                                                 found->is_number_unsigned()));
  if (!isType) {
    throw ConfigError(
        fmt::format("{}.{}: missing or not a {}", where, name,
                    type == nlohmann::json::value_t::string ? "string" : "whole number"));
  }
  return *found;
}

std::string textField(const nlohmann::json& entry, const char* name, const std::string& where) {
  std::string text = field(entry, name, where, nlohmann::json::value_t::string).get<std::string>();
  if (const std::string problem = net::textProblem(text, "the text"); !problem.empty()) {
    throw ConfigError(fmt::format("{}.{}: {}", where, name, problem));
  }
  if (text.size() > kMaxBanReasonBytes) {
    throw ConfigError(fmt::format("{}.{}: longer than {} bytes", where, name, kMaxBanReasonBytes));
  }
  return text;
}

std::int64_t timeField(const nlohmann::json& entry, const char* name, const std::string& where) {
  const auto value = field(entry, name, where, nlohmann::json::value_t::number_integer);
  const std::int64_t seconds = value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX
                                   ? -1
                                   : value.get<std::int64_t>();
  if (seconds < 0) {
    throw ConfigError(fmt::format("{}.{}: a Unix time is not negative", where, name));
  }
  return seconds;
}

Ban readBan(const nlohmann::json& entry, const std::string& where) {
  if (!entry.is_object()) {
    throw ConfigError(where + ": not an object");
  }
  Ban ban;
  const std::string kind = textField(entry, "kind", where);
  if (kind != "address" && kind != "name" && kind != "key") {
    throw ConfigError(where + ".kind: \"address\", \"name\" or \"key\", not \"" + kind + "\"");
  }
  ban.kind = kind == "address" ? Ban::Kind::Address
             : kind == "name"  ? Ban::Kind::Name
                               : Ban::Kind::Key;
  ban.value = textField(entry, "value", where);
  const std::string problem = valueProblem(ban);
  if (!problem.empty() || ban.value.empty()) {
    throw ConfigError(fmt::format("{}.value: {}", where, problem.empty() ? "empty" : problem));
  }
  ban.name = entry.contains("name") ? textField(entry, "name", where) : "";
  ban.address = entry.contains("address") ? textField(entry, "address", where) : "";
  if (const std::string bad = ban.address.empty() ? "" : addressProblem(ban.address);
      !bad.empty()) {
    throw ConfigError(fmt::format("{}.address: {}", where, bad));
  }
  ban.reason = textField(entry, "reason", where);
  ban.by = entry.contains("by") ? textField(entry, "by", where) : "admin";
  ban.since = timeField(entry, "since", where);
  ban.until = timeField(entry, "until", where);
  return ban;
}

nlohmann::json banJson(const Ban& ban) {
  nlohmann::json json = {{"id", ban.id},         {"kind", kindName(ban.kind)},
                         {"value", ban.value},   {"name", ban.name},
                         {"reason", ban.reason}, {"since", ban.since},
                         {"until", ban.until},   {"by", ban.by}};
  if (!ban.address.empty()) {
    json["address"] = ban.address;
  }
  return json;
}

/// The ban as a row: keyed by kind and value (a name by its nameKey, as names match), its entry
/// the file's without the id (ids are each server's own).
BanRow rowOf(const Ban& ban) {
  nlohmann::json entry = banJson(ban);
  entry.erase("id");
  return {kindName(ban.kind), banKey(ban), ban.until, entry.dump()};
}

}  // namespace

const char* kindName(Ban::Kind kind) {
  switch (kind) {
    case Ban::Kind::Address:
      return "address";
    case Ban::Kind::Name:
      return "name";
    case Ban::Kind::Key:
      return "key";
  }
  return "address";
}

std::string addressProblem(std::string_view text) {
  in_addr parsed{};
  const std::string copy(text.substr(0, 16));
  if (text.size() > 15 || inet_pton(AF_INET, copy.c_str(), &parsed) != 1) {
    return "not an IPv4 address a.b.c.d";
  }
  return "";
}

std::string banMessage(const Ban& ban) {
  const std::string reason = ban.reason.empty() ? "" : ": " + ban.reason;
  if (ban.until == 0) {
    return "banned" + reason;
  }
  return fmt::format("banned until {:%Y-%m-%d %H:%M} UTC{}",
                     fmt::gmtime(static_cast<std::time_t>(ban.until)), reason);
}

BanList BanList::load(const std::string& file) {
  BanList list;
  if (!std::filesystem::exists(file)) {
    return list;
  }
  const std::string text = readBoundedFile(file, kMaxFileBytes);
  const nlohmann::json root = nlohmann::json::parse(text, nullptr, false);
  if (root.is_discarded() || !root.is_object() || !root.contains("bans") ||
      !root["bans"].is_array()) {
    throw ConfigError(file + ": not a ban list (a JSON object with a \"bans\" array)");
  }
  if (root["bans"].size() > kMaxBans) {
    throw ConfigError(fmt::format("{}: bans: more than {}", file, kMaxBans));
  }
  for (std::size_t i = 0; i < root["bans"].size(); ++i) {
    list.add(readBan(root["bans"][i], fmt::format("{}: bans[{}]", file, i)));
  }
  return list;
}

BanList BanList::fromRows(const std::vector<BanRow>& rows, std::vector<std::string>& problems) {
  BanList list;
  for (const BanRow& row : rows) {
    const std::string where = fmt::format("records database: bans ({}, {:?})", row.kind,
                                          row.key.substr(0, kMaxBanReasonBytes));
    try {
      const nlohmann::json entry = nlohmann::json::parse(row.entry, nullptr, false);
      if (entry.is_discarded()) {
        throw ConfigError(where + ".entry: not JSON");
      }
      Ban ban = readBan(entry, where + ".entry");
      if (const BanRow keyed = rowOf(ban);
          keyed.kind != row.kind ||
          (keyed.key != row.key && !keyedBeforeLookAlikes(ban, row.key))) {
        throw ConfigError(where + ".ban_key: not the entry's kind and value");
      }
      if (list.bans_.size() >= kMaxBans) {
        throw ConfigError(fmt::format("{}: more than {} bans", where, kMaxBans));
      }
      list.add(std::move(ban));
    } catch (const ConfigError& error) {
      problems.emplace_back(error.what());
    }
  }
  return list;
}

std::vector<BanRow> BanList::rows() const {
  std::vector<BanRow> rows;
  rows.reserve(bans_.size());
  for (const Ban& ban : bans_) {
    rows.push_back(rowOf(ban));
  }
  return rows;
}

std::string BanList::json(std::uint64_t id) const {
  nlohmann::json entries = nlohmann::json::array();
  for (const Ban& ban : bans_) {
    if (id == 0 || ban.id == id) {
      entries.push_back(banJson(ban));
    }
  }
  return nlohmann::json{{"bans", entries}}.dump(2);
}

void BanList::save(const std::string& file) const {
  writeFileAtomically(file, json() + "\n");
}

const Ban* BanList::add(Ban ban) {
  ban.key = ban.kind == Ban::Kind::Name ? nameKey(ban.value) : "";
  std::erase_if(bans_, [&](const Ban& old) { return matches(old, ban.kind, banKey(ban)); });
  if (bans_.size() >= kMaxBans) {
    return nullptr;
  }
  ban.id = nextId_++;
  bans_.push_back(std::move(ban));
  return &bans_.back();
}

bool BanList::remove(std::uint64_t id) {
  return std::erase_if(bans_, [id](const Ban& ban) { return ban.id == id; }) > 0;
}

std::size_t BanList::expire(std::int64_t now) {
  return std::erase_if(bans_, [now](const Ban& ban) { return !ban.liveAt(now); });
}

const Ban* BanList::find(const Who& who, std::int64_t now) const {
  const std::string key = who.name.empty() ? "" : nameKey(who.name);
  for (const Ban::Kind kind : {Ban::Kind::Key, Ban::Kind::Address, Ban::Kind::Name}) {
    const std::string& value = kind == Ban::Kind::Key       ? who.fingerprint
                               : kind == Ban::Kind::Address ? who.address
                                                            : key;
    for (const Ban& ban : bans_) {
      const bool keysAddress = kind == Ban::Kind::Address && ban.kind == Ban::Kind::Key &&
                               !value.empty() && ban.address == value;
      if (!value.empty() && ban.liveAt(now) && (matches(ban, kind, value) || keysAddress)) {
        return &ban;
      }
    }
  }
  return nullptr;
}

}  // namespace coyote
