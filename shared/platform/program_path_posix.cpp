#include "platform/program_path.h"

#include <filesystem>

namespace coyote::platform {

std::string programFile() {
  std::error_code unknown;
  const std::filesystem::path program = std::filesystem::canonical("/proc/self/exe", unknown);
  return unknown ? std::string() : program.string();
}

std::string programFileName(const std::string& name) {
  return name;
}

}  // namespace coyote::platform
