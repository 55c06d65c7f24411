#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "platform/subprocess.h"

namespace coyote {

/// A coyote-server child process on 127.0.0.1, for playing without a separate host. It is found
/// next to the client (`$COYOTE_SERVER_BINARY` overrides), started on a free port, and stopped
/// (SIGTERM, or Ctrl+Break on Windows) when this object goes away.
class LocalServer {
 public:
  /// Throws std::runtime_error if the binary is missing or does not start within 10 s.
  LocalServer(const std::string& clientPath, const std::string& level);
  ~LocalServer();
  LocalServer(const LocalServer&) = delete;
  LocalServer& operator=(const LocalServer&) = delete;

  std::uint16_t port() const { return port_; }

 private:
  std::string directory_;  ///< its port file and log; removed last
  std::unique_ptr<platform::Subprocess> process_;
  std::uint16_t port_ = 0;
};

}  // namespace coyote
