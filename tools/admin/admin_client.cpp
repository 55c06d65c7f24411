#include "tools/admin/admin_client.h"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

namespace coyote {
namespace {

constexpr int kTimeoutSeconds = 5;

httplib::Client client(const std::string& url) {
  httplib::Client http(url);
  http.set_connection_timeout(kTimeoutSeconds, 0);
  http.set_read_timeout(kTimeoutSeconds, 0);
  return http;
}

/// Why nothing answered, in words a host can act on.
std::string noAnswer(httplib::Error error, const std::string& url) {
  switch (error) {
    case httplib::Error::Connection:
      return fmt::format(
          "nothing answers at {}: the admin API is served on the server's net.metrics_port, "
          "which the shipped server.toml leaves off (set it, and admin.token, or give --url)",
          url);
    case httplib::Error::Read:
      return fmt::format("{} did not answer within {} s", url, kTimeoutSeconds);
    default:
      return fmt::format("no answer from {} ({})", url, httplib::to_string(error));
  }
}

AdminAnswer answerOf(const httplib::Result& result, const std::string& url) {
  if (!result) {
    return {0, noAnswer(result.error(), url)};
  }
  return {result->status, result->body};
}

std::string playersTable(const nlohmann::json& reply) {
  std::string text = fmt::format("{:<12} {:<24} {:<32} {:<22} {:>6} {:>6} {:>9}\n", "room",
                                 "player", "key", "address", "ping", "loss", "connected");
  for (const auto& room : reply.value("rooms", nlohmann::json::array())) {
    for (const auto& player : room.value("players", nlohmann::json::array())) {
      text += fmt::format("{:<12} {:<24} {:<32} {:<22} {:>4}ms {:>5.1f}% {:>8.0f}s{}\n",
                          room.value("name", ""), player.value("name", ""), player.value("key", ""),
                          player.value("address", ""), player.value("ping_ms", 0),
                          player.value("loss_percent", 0.0), player.value("connected_seconds", 0.0),
                          player.value("muted", false) ? "  (muted)" : "");
    }
    text +=
        fmt::format("{:<12} ({}, {}: {} spectators)\n", room.value("name", ""),
                    room.value("level", ""), room.value("mode", ""), room.value("spectators", 0));
  }
  for (const auto& shared : reply.value("shared_addresses", nlohmann::json::array())) {
    std::string names;
    for (const auto& name : shared.value("players", nlohmann::json::array())) {
      names += (names.empty() ? "" : ", ") + name.get<std::string>();
    }
    text += fmt::format("{} is shared by {} (ban a player with --key-only to spare the others)\n",
                        shared.value("address", ""), names);
  }
  return text;
}

/// A ban's end as a host reads it: "2026-12-07 14:05 UTC", or "forever".
std::string untilText(std::int64_t until) {
  if (until == 0) {
    return "forever";
  }
  return fmt::format("{:%Y-%m-%d %H:%M} UTC", fmt::gmtime(static_cast<std::time_t>(until)));
}

/// Whom a ban removed from the server, one per line.
std::string removedLines(const nlohmann::json& reply) {
  const nlohmann::json removed = reply.value("removed", nlohmann::json::array());
  std::string text =
      fmt::format("removed {} from the server{}\n", removed.size(), removed.empty() ? "" : ":");
  for (const auto& who : removed) {
    const std::string name = who.value("name", "");
    text += fmt::format("  {} in room {} from {}{}\n", name.empty() ? "a spectator" : name,
                        who.value("room", ""), who.value("address", ""),
                        who.value("key", "").empty() ? "" : ", key " + who.value("key", ""));
  }
  return text;
}

std::string bansTable(const nlohmann::json& reply) {
  std::string text;
  for (const auto& ban : reply.value("bans", nlohmann::json::array())) {
    const std::int64_t until = ban.value("until", std::int64_t{0});
    const std::string name = ban.value("name", "");
    const std::string address = ban.value("address", "");
    text +=
        fmt::format("#{} {} {}{}{} until {} by {}: {}\n", ban.value("id", 0), ban.value("kind", ""),
                    ban.value("value", ""), name.empty() ? "" : " (" + name + ")",
                    address.empty() ? "" : " from " + address, untilText(until),
                    ban.value("by", ""), ban.value("reason", ""));
  }
  return text.empty() ? "no bans\n" : text;
}

std::string levelsTable(const nlohmann::json& reply) {
  std::string text;
  for (const auto& level : reply.value("levels", nlohmann::json::array())) {
    text += fmt::format("{:<24} {:>4} x {:<4} {}\n", level.value("name", ""),
                        level.value("width", 0), level.value("height", 0), level.value("mode", ""));
  }
  for (const auto& room : reply.value("rooms", nlohmann::json::array())) {
    text += fmt::format("room {} plays {}", room.value("name", ""), room.value("level", ""));
    text += room.contains("next_level")
                ? fmt::format(", then {} within {:.0f} s\n", room.value("next_level", ""),
                              room.value("next_level_within_seconds", 0.0))
                : "\n";
  }
  return text;
}

}  // namespace

AdminClient::AdminClient(std::string url, std::string token)
    : url_(std::move(url)), token_(std::move(token)) {}

AdminAnswer AdminClient::get(const std::string& path) const {
  return answerOf(client(url_).Get(path, {{"Authorization", "Bearer " + token_}}), url_);
}

AdminAnswer AdminClient::post(const std::string& path, const Arguments& arguments) const {
  httplib::Params form;
  for (const auto& [key, value] : arguments) {
    if (!value.empty()) {
      form.emplace(key, value);
    }
  }
  return answerOf(client(url_).Post(path, {{"Authorization", "Bearer " + token_}}, form), url_);
}

std::string describeAnswer(const std::string& command, const AdminAnswer& answer) {
  const nlohmann::json reply = nlohmann::json::parse(answer.body, nullptr, false);
  if (answer.status != 200) {
    const std::string why =
        reply.is_object() && reply.contains("error") && reply["error"].is_string()
            ? reply["error"].get<std::string>()
            : answer.body.substr(0, 200);
    return answer.status == 0 ? why + "\n" : fmt::format("error {}: {}\n", answer.status, why);
  }
  if (!reply.is_object()) {
    return "the server's answer is not JSON\n";
  }
  if (command == "players") {
    return playersTable(reply);
  }
  if (command == "levels") {
    return levelsTable(reply);
  }
  if (command == "level") {
    return "ok: " + reply.value("applied", std::string("now")) + "\n";
  }
  if (command == "bans" || command == "ban") {
    return bansTable(reply) + (command == "ban" ? removedLines(reply) : "") +
           (reply.value("saved", true) ? "" : "warning: not saved to the file\n");
  }
  return "ok\n";
}

}  // namespace coyote
