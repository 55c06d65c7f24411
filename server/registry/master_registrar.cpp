#include "server/registry/master_registrar.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <fmt/format.h>
#include <sodium.h>
#include <nlohmann/json.hpp>

#include "http/http_client.h"
#include "listing/registration.h"

namespace coyote {
namespace {

/// A master answers /register with a line of JSON: more is not read.
constexpr std::size_t kMaxAnswerBytes = 64 * 1024;

http::ClientRequest registerRequest(const listing::MasterUrl& master,
                                    const listing::Registration& registration) {
  return {"POST",
          master.host,
          master.port,
          master.at("/register"),
          listing::registrationJson(registration),
          "application/json",
          master.secure};
}

http::ClientLimits limits(double totalSeconds) {
  http::ClientLimits limits;
  limits.connectSeconds = std::min(2.0, totalSeconds);
  limits.totalSeconds = totalSeconds;
  limits.answerBytes = kMaxAnswerBytes;
  return limits;
}

/// What a master said: its `status` or its `error`, as text fit for a log line.
std::string answerText(const std::string& body, const char* key) {
  const nlohmann::json json = nlohmann::json::parse(body, nullptr, false);
  if (!json.is_object() || !json.contains(key) || !json[key].is_string()) {
    return fmt::format("{:?}", body.substr(0, 120));
  }
  return fmt::format("{:?}", json[key].get<std::string>().substr(0, 200));
}

}  // namespace

MasterRegistrar::MasterRegistrar(std::vector<std::string> masters, std::uint16_t gamePort,
                                 std::shared_ptr<spdlog::logger> log, double (*clock)())
    : log_(std::move(log)), clock_(clock), port_(gamePort) {
  for (const std::string& url : masters) {
    std::string problem;
    const std::optional<listing::MasterUrl> parsed = listing::parseMasterUrl(url, problem);
    if (!parsed) {
      throw std::invalid_argument(problem);  // the config checked every URL
    }
    Master master;
    master.address = *parsed;
    master.url = url;
    randombytes_buf(master.challenge.data(), master.challenge.size());
    masters_.push_back(std::move(master));
  }
  thread_ = std::thread([this] { run(); });
}

MasterRegistrar::~MasterRegistrar() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  sayGoodbye();
}

// The masters that list the server take it off at once, rather than list a server that is gone
// until its expiry. A master slow to answer is not waited for long: the server is stopping.
void MasterRegistrar::sayGoodbye() {
  const double deadline = clock_() + kGoodbyeSeconds;
  for (const Master& master : masters_) {
    if (!master.listed || !master.token || !info_ || clock_() >= deadline) {
      continue;
    }
    listing::Registration leaving{port_, address_, master.challenge, master.token, *info_, true};
    std::string error;
    const auto result = http::fetch(registerRequest(master.address, leaving), limits(1.0), error);
    log_->info("master {}: {}", master.url,
               result && result->status == 200 ? "took the server off its list"
                                               : "did not answer the goodbye; the server "
                                                 "leaves its list at the expiry");
  }
}

void MasterRegistrar::update(net::ServerInfo info) {
  const std::lock_guard lock(mutex_);
  const bool first = !info_;
  info_ = std::move(info);
  if (first) {
    wake_.notify_all();
  }
}

void MasterRegistrar::setPublicEndpoint(const std::string& address, std::uint16_t port) {
  const std::lock_guard lock(mutex_);
  if (address == address_ && port == port_) {
    return;
  }
  address_ = address;
  port_ = port;
  for (Master& master : masters_) {  // a new address is proven anew, at once
    master.token.reset();
    master.nextAt = 0.0;
  }
  wake_.notify_all();
}

bool MasterRegistrar::takeToken(std::span<const std::uint8_t> datagram) {
  const std::optional<listing::MasterToken> token = listing::parseMasterToken(datagram);
  if (!token) {
    return false;
  }
  const std::lock_guard lock(mutex_);
  for (Master& master : masters_) {
    if (master.challenge == token->challenge && master.token != token->token) {
      master.token = token->token;
      master.nextAt = 0.0;
      wake_.notify_all();
    }
  }
  return true;
}

bool MasterRegistrar::waitForWork() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const double now = clock_();
    double due = now + kHeartbeatSeconds;
    for (const Master& master : masters_) {
      due = std::min(due, master.nextAt);
    }
    if (info_ && due <= now) {
      return true;
    }
    wake_.wait_for(lock, std::chrono::duration<double>(info_ ? due - now : 1.0));
  }
  return false;
}

void MasterRegistrar::run() {
  while (waitForWork()) {
    for (Master& master : masters_) {  // never resized: the references stay good
      std::unique_lock lock(mutex_);
      if (stopping_ || master.nextAt > clock_()) {
        continue;
      }
      listing::Registration registration{port_, address_, master.challenge, master.token, *info_};
      const http::ClientRequest request = registerRequest(master.address, registration);
      lock.unlock();
      std::string error;
      const auto result = http::fetch(request, limits(5.0), error);
      lock.lock();
      const double now = clock_();
      if (!result) {
        master.listed = false;
        problem(master, fmt::format("no answer ({})", error), kHeartbeatSeconds, now);
      } else if (master.token == registration.token) {  // else a token came meanwhile: go again
        answered(master, result->status, result->body, now);
      }
    }
  }
}

void MasterRegistrar::answered(Master& master, int status, const std::string& body, double now) {
  const bool tokenWasLost = master.awaitingToken;  // asked for one last time, none came
  master.awaitingToken = false;
  if (status == 200) {
    if (!master.listed || !master.lastProblem.empty()) {
      log_->info("master {}: listed as {}", master.url, answerText(body, "address"));
    }
    master.listed = true;
    master.lastProblem.clear();
    master.nextAt = now + kHeartbeatSeconds;
  } else if (status == 202) {  // the token is on its way to the game port
    if (tokenWasLost) {
      problem(master,
              fmt::format("its token to {} did not reach the game port within {} s (is the "
                          "UDP port reachable from there?)",
                          answerText(body, "address"), kTokenWaitSeconds),
              kTokenWaitSeconds, now);
    }
    master.token.reset();
    master.awaitingToken = true;
    master.nextAt = now + kTokenWaitSeconds;
  } else {
    master.listed = false;
    problem(master, fmt::format("refused ({}): {}", status, answerText(body, "error")),
            kHeartbeatSeconds, now);
  }
}

void MasterRegistrar::problem(Master& master, const std::string& what, double retryIn, double now) {
  if (what != master.lastProblem) {
    log_->warn("master {}: {}; trying again every {} s", master.url, what, retryIn);
    master.lastProblem = what;
  }
  master.nextAt = now + retryIn;
}

}  // namespace coyote
