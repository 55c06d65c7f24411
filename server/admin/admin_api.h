#pragma once

#include <memory>
#include <string>
#include <vector>

#include <spdlog/logger.h>

#include "http/http_server.h"
#include "limits/address_rate_limit.h"
#include "limits/token_bucket.h"
#include "server/admin/admin_desk.h"
#include "server/base/failure_summary.h"
#include "server/base/secret.h"

namespace coyote {

/// The admin API on the server's HTTP port (docs/hosting.md#moderation), routed only when
/// `admin.token` is set. Every request carries `Authorization: Bearer TOKEN`: none is a 401; the
/// right one is always let in, compared in constant time (secret.h), whatever else happens; a
/// wrong one is a 403. Only wrong ones are limited: after kWrongTokens in kWrongTokenWindow an
/// address gets 429 for the rest of the window, and beyond kWrongTokensPerSecond from all
/// addresses together a wrong one is a 429 without more work. Behind a reverse proxy listed in
/// `admin.trusted_proxies`, the address is the one X-Forwarded-For names. Wrong tokens are logged
/// as one summary line per interval (FailureSummary). Authenticated commands go to the tick loop
/// through an AdminDesk. Runs on the HTTP server's thread only.
class AdminApi {
 public:
  static constexpr int kWrongTokens = 5;
  static constexpr double kWrongTokenWindow = 60.0;
  static constexpr double kWrongTokensPerSecond = 10.0;  ///< from all addresses together

  AdminApi(const std::string& token, AdminDesk& desk, std::shared_ptr<spdlog::logger> log,
           double (*clock)(), std::vector<std::string> trustedProxies = {});

  /// GET /admin/players, /admin/bans; POST /admin/kick, /admin/ban, /admin/unban, /admin/mute,
  /// /admin/unmute, /admin/broadcast.
  void route(HttpServer& server);

 private:
  HttpServer::Response serve(const std::string& action, const HttpServer::Request& request);
  /// The refusal of a request that may not act (401, 403, 429), or a 200 with no body if it may.
  HttpServer::Response authorize(const HttpServer::Request& request);
  /// A wrong token from `address`: 403, or 429 when it or the server is over its limit.
  HttpServer::Response refuseWrongToken(const HttpServer::Request& request,
                                        const std::string& address, double now);

  SecretHash tokenHash_;
  AdminDesk& desk_;
  std::shared_ptr<spdlog::logger> log_;
  double (*clock_)();
  std::vector<std::string> trustedProxies_;
  AddressRateLimit wrongTokens_{kWrongTokens, kWrongTokenWindow};
  TokenBucket allWrongTokens_{kWrongTokensPerSecond, kWrongTokensPerSecond};
  FailureSummary wrongTokenLog_{"wrong admin tokens"};
};

}  // namespace coyote
