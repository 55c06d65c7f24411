#pragma once

#include <memory>
#include <string>

#include <spdlog/logger.h>

#include "server/address_rate_limit.h"
#include "server/admin/admin_desk.h"
#include "server/admin/secret.h"
#include "server/http_server.h"

namespace coyote {

/// The admin API on the server's HTTP port (docs/hosting.md#moderation), routed only when
/// `admin.token` is set. Every request carries `Authorization: Bearer TOKEN`: none is a 401, a
/// wrong one a 403, compared in constant time (secret.h) and logged;
/// after kWrongTokens wrong ones in kWrongTokenWindow an address gets 429 for the rest of the
/// window, right token or not. Authenticated commands go to the tick loop through an AdminDesk.
/// Runs on the HTTP server's thread only.
class AdminApi {
 public:
  static constexpr int kWrongTokens = 5;
  static constexpr double kWrongTokenWindow = 60.0;

  AdminApi(const std::string& token, AdminDesk& desk, std::shared_ptr<spdlog::logger> log,
           double (*clock)());

  /// GET /admin/players, /admin/bans; POST /admin/kick, /admin/ban, /admin/unban, /admin/mute,
  /// /admin/unmute, /admin/broadcast.
  void route(HttpServer& server);

 private:
  HttpServer::Response serve(const std::string& action, const HttpServer::Request& request);
  /// The refusal of a request that may not act (401, 403, 429), or a 200 with no body if it may.
  HttpServer::Response authorize(const HttpServer::Request& request);

  SecretHash tokenHash_;
  AdminDesk& desk_;
  std::shared_ptr<spdlog::logger> log_;
  double (*clock_)();
  AddressRateLimit wrongTokens_{kWrongTokens, kWrongTokenWindow};
};

}  // namespace coyote
