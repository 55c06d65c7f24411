#include "server/agones_agent.h"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>
#include <chrono>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "io/config_error.h"

namespace coyote {

AgonesAgent::AgonesAgent(const AgonesSettings& settings, std::shared_ptr<spdlog::logger> log,
                         double (*clock)())
    : settings_(settings), log_(std::move(log)), clock_(clock) {
  thread_ = std::thread([this] { run(); });
}

AgonesAgent::~AgonesAgent() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void AgonesAgent::update(double lastTick, int players) {
  lastTick_.store(lastTick);
  players_.store(players);
}

bool AgonesAgent::wait(double seconds) {
  std::unique_lock lock(mutex_);
  return !wake_.wait_for(lock, std::chrono::duration<double>(seconds),
                         [this] { return stopping_; });
}

std::optional<http::ClientResponse> AgonesAgent::request(const std::string& method,
                                                         const std::string& path,
                                                         const std::string& body) const {
  std::string error;  // a sidecar not up yet is retried, and said so once, by the callers
  const http::ClientRequest sent{method, "127.0.0.1", static_cast<std::uint16_t>(settings_.sdkPort),
                                 path,   body,        "application/json"};
  http::ClientLimits limits;
  limits.connectSeconds = 1.0;
  limits.totalSeconds = 3.0;
  return http::fetch(sent, limits, error);
}

bool AgonesAgent::post(const std::string& path, const std::string& body, const char* method) {
  const std::optional<http::ClientResponse> result = request(method, path, body);
  return result && result->status == 200;
}

void AgonesAgent::markReady() {
  bool warned = false;
  while (!post("/ready", "{}")) {
    if (!warned) {
      log_->info("agones: the SDK sidecar on port {} does not answer yet; retrying every {} s",
                 settings_.sdkPort, settings_.retryInterval);
      warned = true;
    }
    if (!wait(settings_.retryInterval)) {
      return;
    }
  }
  log_->info("agones: marked ready");
}

void AgonesAgent::reportPlayers(int players, int& reported) {
  if (players == reported) {
    return;
  }
  const std::string body = fmt::format(R"({{"key":"players","value":"{}"}})", players);
  if (post("/metadata/label", body, "PUT")) {
    reported = players;
  }
}

bool AgonesAgent::emptyLongEnough(int players, double now) {
  if (players > 0) {
    anyoneJoined_ = true;
    emptySince_ = -1.0;
    return false;
  }
  if (!anyoneJoined_ || settings_.shutdownWhenEmptyAfter <= 0.0) {
    return false;
  }
  if (emptySince_ < 0.0) {
    emptySince_ = now;
  }
  return now - emptySince_ >= settings_.shutdownWhenEmptyAfter;
}

std::optional<net::ServerEndpoint> gameServerEndpoint(const std::string& json) {
  const nlohmann::json parsed = nlohmann::json::parse(json, nullptr, false);
  const nlohmann::json* status =
      parsed.is_object() && parsed.contains("status") ? &parsed["status"] : nullptr;
  if (status == nullptr || !status->is_object() || !status->contains("address") ||
      !(*status)["address"].is_string() || !status->contains("ports") ||
      !(*status)["ports"].is_array()) {
    return std::nullopt;
  }
  net::ServerEndpoint endpoint;
  const std::string address = (*status)["address"].get<std::string>();
  if (address.size() > 15 || inet_pton(AF_INET, address.c_str(), &endpoint.host) != 1) {
    return std::nullopt;
  }
  for (const nlohmann::json& port : (*status)["ports"]) {
    const bool named = port.is_object() && port.value("name", "") == "default";
    if (port.is_object() && port.contains("port") && port["port"].is_number_unsigned() &&
        port["port"].get<std::uint64_t>() >= 1 && port["port"].get<std::uint64_t>() <= 65535 &&
        (named || endpoint.port == 0)) {
      endpoint.port = static_cast<std::uint16_t>(port["port"].get<std::uint64_t>());
    }
  }
  return endpoint.port == 0 ? std::nullopt : std::optional(endpoint);
}

std::optional<net::ServerEndpoint> AgonesAgent::publicEndpoint() const {
  const std::lock_guard lock(mutex_);
  return publicEndpoint_;
}

bool AgonesAgent::readGameServer() {
  const std::optional<http::ClientResponse> result = request("GET", "/gameserver", "");
  const std::optional<net::ServerEndpoint> endpoint =
      result && result->status == 200 ? gameServerEndpoint(result->body) : std::nullopt;
  if (!endpoint) {
    return false;
  }
  {
    const std::lock_guard lock(mutex_);
    publicEndpoint_ = endpoint;
  }
  char text[INET_ADDRSTRLEN] = "";
  inet_ntop(AF_INET, &endpoint->host, text, sizeof text);
  log_->info("agones: players reach this server at {}:{}", text, endpoint->port);
  return true;
}

void AgonesAgent::run() {
  markReady();
  bool addressKnown = false;
  double lastAddressTry = -1.0e9;
  int reported = -1;
  double lastHealth = -1.0e9;
  // A short step: label changes and the empty timer are noticed within it.
  const double step = std::min(0.1, settings_.healthInterval);
  while (wait(step)) {
    const double now = clock_();
    const int players = players_.load();
    if (now - lastHealth >= settings_.healthInterval && now - lastTick_.load() < 1.0) {
      post("/health", "{}");
      lastHealth = now;
    }
    if (!addressKnown && now - lastAddressTry >= settings_.retryInterval) {
      lastAddressTry = now;
      addressKnown = readGameServer();
    }
    reportPlayers(players, reported);
    if (emptyLongEnough(players, now) && post("/shutdown", "{}")) {
      log_->info("agones: no players for {} s after a match; asked for shutdown",
                 settings_.shutdownWhenEmptyAfter);
      return;  // once: Agones stops the pod (SIGTERM) from here
    }
  }
}

bool agonesPortFromEnvironment(const char* value, int& port) {
  if (value == nullptr) {
    return false;
  }
  const std::string_view text(value);
  int parsed = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
  if (error != std::errc() || end != text.data() + text.size() || parsed < 1 || parsed > 65535) {
    throw ConfigError(
        fmt::format("AGONES_SDK_HTTP_PORT: not a port number: \"{}\"", text.substr(0, 32)));
  }
  port = parsed;
  return true;
}

}  // namespace coyote
