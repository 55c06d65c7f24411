#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include <spdlog/logger.h>

#include "listing/master_token.h"
#include "listing/master_url.h"
#include "wire/server_info.h"

namespace coyote {

/// Registers this server with the master servers of `server.masters`
/// (docs/hosting.md#the-internet-server-list), on a thread of its own so that the loop never waits
/// on a master: every kHeartbeatSeconds, a POST /register with what the info query answers. A
/// master that has not proven the address yet sends a token to the game port; the loop hands it
/// here (takeToken) and the registration that carries it goes at once. Each master is tried on its
/// own: one that is down delays nobody's listing with the others. A server that stops says so,
/// and its masters take it off their lists at once.
class MasterRegistrar {
 public:
  static constexpr double kHeartbeatSeconds = 15.0;
  /// How long a registration waits for its token before it asks again.
  static constexpr double kTokenWaitSeconds = 5.0;
  /// How long a stopping server spends telling its masters it goes, at most.
  static constexpr double kGoodbyeSeconds = 2.0;

  /// `masters`: base URLs "http://host[:port][/path]" (checked by the config: an URL that is not
  /// one throws std::invalid_argument); `gamePort`: the
  /// port registered unless setPublicEndpoint says otherwise. Starts the thread.
  MasterRegistrar(std::vector<std::string> masters, std::uint16_t gamePort,
                  std::shared_ptr<spdlog::logger> log, double (*clock)());
  ~MasterRegistrar();
  MasterRegistrar(const MasterRegistrar&) = delete;
  MasterRegistrar& operator=(const MasterRegistrar&) = delete;

  /// The loop: what the info query answers now (every room).
  void update(net::ServerInfo info);
  /// Registers `address` ("a.b.c.d", "" = the address the master sees) and `port` instead:
  /// where players reach the server (a fleet's node, a NAT).
  void setPublicEndpoint(const std::string& address, std::uint16_t port);
  /// A datagram on the game port: true if it is a master's token (consumed; ENet must not see
  /// it), whether or not it is one of ours.
  bool takeToken(std::span<const std::uint8_t> datagram);

 private:
  struct Master {
    listing::MasterUrl address;
    std::string url;  ///< as configured, for the log
    listing::Challenge challenge{};
    std::optional<listing::Token> token;
    double nextAt = 0.0;
    bool listed = false;
    bool awaitingToken = false;  ///< the last answer said a token was sent
    std::string lastProblem;     ///< logged once until it changes
  };
  void run();
  void sayGoodbye();
  void registerWith(Master& master, double now);
  void answered(Master& master, int status, const std::string& body, double now);
  void problem(Master& master, const std::string& what, double retryIn, double now);
  /// Sleeps until the first master is due or a token comes; false once stopping.
  bool waitForWork();

  std::shared_ptr<spdlog::logger> log_;
  double (*clock_)();
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Master> masters_;
  std::optional<net::ServerInfo> info_;
  std::string address_;
  std::uint16_t port_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace coyote
