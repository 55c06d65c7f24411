#pragma once

#include <string>
#include <utility>
#include <vector>

namespace coyote {

/// One answer of the admin API: its HTTP status (0: no answer, `body` says why) and body.
struct AdminAnswer {
  int status = 0;
  std::string body;
};

/// Speaks to a server's admin API (docs/hosting.md#moderation) at `url` ("http://host:port")
/// with a bearer token; 5 s to connect and to answer.
class AdminClient {
 public:
  using Arguments = std::vector<std::pair<std::string, std::string>>;
  AdminClient(std::string url, std::string token);

  AdminAnswer get(const std::string& path) const;
  /// A form POST (`application/x-www-form-urlencoded`), arguments with a value only.
  AdminAnswer post(const std::string& path, const Arguments& arguments) const;

 private:
  std::string url_;
  std::string token_;
};

/// What a person reads of an answer: a table of rooms and players, the bans, "ok", or the error.
std::string describeAnswer(const std::string& command, const AdminAnswer& answer);

}  // namespace coyote
