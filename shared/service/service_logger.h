#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <spdlog/logger.h>

namespace coyote::service {

/// A service's log: standard output (journald and `podman logs` take it from there), one line
/// "[date time] [level] message" each, flushed at every line of level info or above. `level`:
/// trace, debug, info, warn, error.
std::shared_ptr<spdlog::logger> makeLogger(std::string_view program, const std::string& level);

/// Writes `port` and a newline to `file` unless `file` is empty: how a script or a test that
/// asked for port 0 learns which one was bound.
void writePortFile(const std::string& file, std::uint16_t port);

}  // namespace coyote::service
