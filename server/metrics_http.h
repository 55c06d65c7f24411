#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include <spdlog/logger.h>

#include "http/http_server.h"

namespace coyote {

/// The server's HTTP endpoints (docs/hosting.md#metrics-and-health), served by an HttpServer
/// from the module http_server on a thread of its own (bounded against slow and many clients:
/// micro_http_server.h):
/// - `GET /metrics`: the last published page, in the Prometheus text format;
/// - `GET /healthz`: 200 while the tick loop has ticked within the last second, else 503;
/// - `GET /readyz`: 200 while the server accepts players, else 503 (starting, shutting down).
/// The tick loop only publishes: it swaps in a new page and stores the time of its last tick,
/// and never waits on this thread (the page is an atomic shared pointer, the times atomics).
class MetricsHttp {
 public:
  /// Seconds without a tick after which the server is not healthy.
  static constexpr double kHealthySilence = 1.0;

  /// Binds `bind`:`port` at once (throws std::runtime_error naming them if it cannot) and
  /// starts serving. `clock` gives seconds on the loop's clock (the monotonic one).
  /// `moreRoutes` adds other pages (the records) before the server starts.
  MetricsHttp(const std::string& bind, int port, std::shared_ptr<spdlog::logger> log,
              double (*clock)(), const std::function<void(HttpServer&)>& moreRoutes = {});
  ~MetricsHttp();
  MetricsHttp(const MetricsHttp&) = delete;
  MetricsHttp& operator=(const MetricsHttp&) = delete;

  int port() const { return server_->port(); }
  /// Connections the HTTP server cut (deadline, or room for newer ones).
  std::uint64_t connectionsCut() const { return server_->connectionsCut(); }

  /// The tick loop: a new metrics page, the time of the last tick, and whether it takes players.
  void publish(std::string page);
  void ticked(double now) { lastTick_.store(now); }
  void setReady(bool ready) { ready_.store(ready); }

 private:
  void route();

  double (*clock_)();
  std::atomic<std::shared_ptr<const std::string>> page_;
  std::atomic<double> lastTick_{-1.0e9};
  std::atomic<bool> ready_{false};
  /// Last: it stops (its thread joined) before the state it reads goes.
  std::unique_ptr<HttpServer> server_;
};

}  // namespace coyote
