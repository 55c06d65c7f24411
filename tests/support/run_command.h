#pragma once

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <string>

namespace coyote::test {

struct CommandResult {
  int exitCode = -1;
  std::string output;  ///< stdout and stderr together

  /// The last non-empty line of the output.
  std::string lastLine() const {
    std::string trimmed = output;
    while (!trimmed.empty() && trimmed.back() == '\n') {
      trimmed.pop_back();
    }
    const auto newline = trimmed.rfind('\n');
    return newline == std::string::npos ? trimmed : trimmed.substr(newline + 1);
  }
};

/// Runs a shell command and collects its output and exit code.
inline CommandResult runCommand(const std::string& command) {
  CommandResult result;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) {
    return result;
  }
  std::array<char, 4096> buffer{};
  std::size_t read = 0;
  while ((read = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
    result.output.append(buffer.data(), read);
  }
  const int status = pclose(pipe);
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

}  // namespace coyote::test
