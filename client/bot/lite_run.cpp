#include "client/bot/lite_run.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <thread>

#include <fmt/format.h>

#include "client/bot/end_state.h"
#include "util/monotonic_clock.h"

namespace coyote::bot {
namespace {

using Json = nlohmann::ordered_json;

constexpr double kUpdateInterval = 1.0 / 60.0;  ///< s between two updates of one client
/// Longer than this without a new frame at the end of the run, a client was dropped (the server
/// sends frames 20 times a second) even if nobody told it.
constexpr double kMaxSecondsWithoutProgress = 1.0;

double secondsWithoutProgress(const LiteClient& client, double now) {
  const double since =
      client.lastProgressAt() >= 0.0 ? client.lastProgressAt() : client.connection().startedAt();
  return since < 0.0 ? 0.0 : now - since;
}

bool converged(const LiteClient& client, double now) {
  return client.connection().phase() == ClientPhase::Playing &&
         secondsWithoutProgress(client, now) <= kMaxSecondsWithoutProgress &&
         client.stats().hashMismatches == 0 && client.stats().gaps == 0;
}

Json clientSummary(const LiteClient& client, double seconds, double now) {
  const LiteStats& s = client.stats();
  const ServerConnection& connection = client.connection();
  const net::TrafficTotals traffic = connection.traffic();
  const bool playing = connection.phase() == ClientPhase::Playing;
  return Json{
      {"name", connection.options().name},
      {"room", connection.options().room},
      {"slot", client.playerSlot()},
      {"state", endState(connection)},
      {"reason", endReason(connection)},
      {"joined_after_seconds",
       connection.joined() ? connection.joinedAt() - connection.startedAt() : -1.0},
      {"ended_at_tick", playing ? 0 : s.confirmedTick},
      {"ended_after_seconds",
       connection.ended() ? connection.endedAt() - connection.startedAt() : -1.0},
      {"converged", converged(client, now)},
      {"seconds_without_progress", secondsWithoutProgress(client, now)},
      {"welcome_tick", s.welcomeTick},
      {"confirmed_tick", s.confirmedTick},
      {"frames", s.frames},
      {"frame_messages", s.frameMessages},
      {"gaps", s.gaps},
      {"full_states", s.fullStates},
      {"hashes_checked", s.hashesChecked},
      {"hash_mismatches", s.hashMismatches},
      {"inputs_sent", s.inputsSent},
      {"input_margin", s.inputMargin},
      {"lead", s.lead},
      {"rtt_ms", connection.roundTripMs()},
      {"reconnects", connection.reconnects()},
      {"up_bytes_per_second", static_cast<double>(traffic.wireBytesSent()) / seconds},
      {"down_bytes_per_second", static_cast<double>(traffic.wireBytesReceived()) / seconds}};
}

/// Sums the clients' counters and counts their end states.
void addToTotal(Json& total, const Json& client) {
  const auto add = [&](const char* key, const Json& value) {
    total[key] = total[key].get<double>() + value.get<double>();
  };
  total[client["state"].get<std::string>()] =
      total[client["state"].get<std::string>()].get<int>() + 1;
  add("converged", client["converged"].get<bool>() ? 1 : 0);
  for (const char* key : {"frames", "gaps", "full_states", "hashes_checked", "hash_mismatches",
                          "inputs_sent", "reconnects"}) {
    add(key, client[key]);
  }
  total["max_rtt_ms"] = std::max(total["max_rtt_ms"].get<int>(), client["rtt_ms"].get<int>());
}

}  // namespace

void LiteRun::add(ClientOptions options, std::shared_ptr<spdlog::logger> logger,
                  LiteClient::InputSource inputs) {
  clients_.push_back(
      std::make_unique<LiteClient>(std::move(options), std::move(logger), std::move(inputs)));
}

// Client i is due at i/N of each tick: the load on the server is spread as real players' is.
void LiteRun::play(double seconds) {
  const double start = monotonicSeconds();
  std::vector<double> due(clients_.size());
  for (std::size_t i = 0; i < clients_.size(); ++i) {
    due[i] = start + kUpdateInterval * static_cast<double>(i) / static_cast<double>(due.size());
  }
  while (monotonicSeconds() - start < seconds) {
    const double now = monotonicSeconds();
    for (std::size_t i = 0; i < clients_.size(); ++i) {
      if (now >= due[i]) {
        clients_[i]->update(now);
        due[i] = std::max(due[i] + kUpdateInterval, now - kUpdateInterval);
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

void LiteRun::disconnect() {
  for (auto& client : clients_) {
    client->disconnect();
  }
}

Json LiteRun::summary(double seconds, double now) const {
  Json total{{"clients", clients_.size()},
             {"converged", 0},
             {"playing", 0},
             {"refused", 0},
             {"disconnected", 0},
             {"never joined", 0},
             {"frames", 0.0},
             {"gaps", 0.0},
             {"full_states", 0.0},
             {"hashes_checked", 0.0},
             {"hash_mismatches", 0.0},
             {"inputs_sent", 0.0},
             {"reconnects", 0.0},
             {"max_rtt_ms", 0}};
  Json clients = Json::array();
  std::map<std::string, Json> rooms;
  bool allConverged = !clients_.empty();
  for (const auto& client : clients_) {
    Json one = clientSummary(*client, seconds, now);
    addToTotal(total, one);
    allConverged = allConverged && one["converged"].get<bool>();
    Json& room = rooms[one["room"].get<std::string>()];
    if (room.is_null()) {
      room = Json{{"clients", 0}, {"playing", 0}, {"newest_tick", 0}};
    }
    room["clients"] = room["clients"].get<int>() + 1;
    room["playing"] = room["playing"].get<int>() + (one["state"] == "playing" ? 1 : 0);
    room["newest_tick"] = std::max(room["newest_tick"].get<std::uint32_t>(),
                                   one["confirmed_tick"].get<std::uint32_t>());
    clients.push_back(std::move(one));
  }
  Json roomList = Json::object();
  for (auto& [name, room] : rooms) {
    roomList[name] = std::move(room);
  }
  // A lite client simulates nothing: it never claims the world was right, only what it saw.
  return Json{{"converged", allConverged}, {"brain", "lite"}, {"simulated", false},
              {"seconds", seconds},        {"total", total},  {"rooms", roomList},
              {"clients", clients}};
}

}  // namespace coyote::bot
