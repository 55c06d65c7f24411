#include "service/service_logger.h"

#include <fstream>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace coyote::service {

std::shared_ptr<spdlog::logger> makeLogger(std::string_view program, const std::string& level) {
  auto logger = std::make_shared<spdlog::logger>(std::string(program),
                                                 std::make_shared<spdlog::sinks::stdout_sink_mt>());
  logger->set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] %v");
  logger->set_level(spdlog::level::from_str(level));
  logger->flush_on(spdlog::level::info);
  return logger;
}

void writePortFile(const std::string& file, std::uint16_t port) {
  if (!file.empty()) {
    std::ofstream(file) << port << "\n";
  }
}

}  // namespace coyote::service
