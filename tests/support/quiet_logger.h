#pragma once

#include <memory>

#include <spdlog/sinks/null_sink.h>
#include <spdlog/spdlog.h>

namespace coyote::test {

/// A logger that writes nowhere, for parts that need one.
inline std::shared_ptr<spdlog::logger> quietLogger() {
  return std::make_shared<spdlog::logger>("test", std::make_shared<spdlog::sinks::null_sink_mt>());
}

}  // namespace coyote::test
