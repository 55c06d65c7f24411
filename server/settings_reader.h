#pragma once

#include <functional>
#include <future>
#include <optional>
#include <string>
#include <variant>

#include "server/base/server_config.h"

namespace coyote {

/// SIGHUP's reading of the settings (docs/hosting.md#reloading-the-settings), off the loop: a
/// request starts one read (the file, the flags, the environment, checked) on a thread of its
/// own; the requests that come while it reads are coalesced into one more read after it; the
/// loop takes a finished read between two turns and applies it at that tick's edge. A storm of
/// signals costs the loop a flag a turn and one read at a time, whatever the file's size.
class SettingsReader {
 public:
  /// What a read gives: the settings, or why they were refused.
  using Result = std::variant<ServerConfig, std::string>;

  /// `read` resolves the settings or throws std::runtime_error naming what is wrong.
  explicit SettingsReader(std::function<ServerConfig()> read) : read_(std::move(read)) {}
  /// Waits for a read under way.
  ~SettingsReader();
  SettingsReader(const SettingsReader&) = delete;
  SettingsReader& operator=(const SettingsReader&) = delete;

  /// A SIGHUP: a read starts now, or once the one under way ends.
  void request();
  /// A read that ended since the last call, if any (then the one requested meanwhile starts).
  std::optional<Result> take();
  /// Reads started so far.
  int reads() const { return reads_; }

 private:
  void start();

  std::function<ServerConfig()> read_;
  std::future<Result> reading_;
  bool again_ = false;
  int reads_ = 0;
};

}  // namespace coyote
