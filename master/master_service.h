#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <spdlog/logger.h>

#include "http/micro_http_server.h"
#include "master/list_page.h"
#include "master/master_config.h"
#include "master/registration_desk.h"
#include "master/server_table.h"

namespace coyote {

/// Whether a request's Content-Type is JSON: the media type `application/json` in any case,
/// with or without parameters (`; charset=utf-8`), and nothing that merely starts so.
bool isJsonContentType(std::string_view contentType);

/// The master server (docs/master.md): game servers register with POST /register, browsers read
/// GET /servers.json, Prometheus reads /metrics and orchestrators /healthz. Everything happens on
/// the HTTP server's one thread, so the table needs no lock; entries expire as requests come
/// (at most once a second).
class MasterService {
 public:
  /// Binds at once (throws std::runtime_error naming the address) and starts serving.
  /// `clock`: seconds on the monotonic clock.
  MasterService(const MasterConfig& config, std::shared_ptr<spdlog::logger> log, double (*clock)());

  int port() const { return http_.port(); }

 private:
  void route();
  HttpServer::Response registration(const HttpServer::Request& request);
  HttpServer::Response metrics() const;
  void expire(double now);

  MasterConfig config_;
  std::shared_ptr<spdlog::logger> log_;
  double (*clock_)();
  double startedAt_;
  double expiredAt_ = -1.0e9;
  std::uint64_t expired_ = 0;
  std::uint64_t listRequests_ = 0;
  std::uint64_t listNotModified_ = 0;
  ServerTable table_;
  RegistrationDesk desk_;
  ListPage page_;
  MicroHttpServer http_;  ///< last: its thread stops before what it reads goes
};

}  // namespace coyote
