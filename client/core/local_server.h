#pragma once

#include <sys/types.h>
#include <string>

namespace coyote {

/// A coyote-server child process on 127.0.0.1, for playing without a separate host. It is found
/// next to the client (`$COYOTE_SERVER_BINARY` overrides), started on a free port, and stopped
/// with SIGTERM when this object goes away.
class LocalServer {
 public:
  /// Throws std::runtime_error if the binary is missing or does not start within 10 s.
  LocalServer(const std::string& clientPath, const std::string& level);
  ~LocalServer();
  LocalServer(const LocalServer&) = delete;
  LocalServer& operator=(const LocalServer&) = delete;

  std::uint16_t port() const { return port_; }

 private:
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
  std::string directory_;
};

}  // namespace coyote
