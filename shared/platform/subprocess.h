#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace coyote::platform {

/// A program started with its output (stdout and stderr) in a file, asked to end and waited
/// for when this object goes: SIGTERM on Linux (subprocess_posix.cpp), Ctrl+Break to its own
/// process group on Windows (subprocess_windows.cpp), the signal coyote-server ends cleanly on.
class Subprocess {
 public:
  /// Starts `arguments[0]` with the rest; throws std::runtime_error when it cannot.
  Subprocess(const std::vector<std::string>& arguments, const std::string& outputFile);
  ~Subprocess();
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  /// Whether it has ended (it is then reaped, and never signalled again).
  bool ended();

 private:
  std::intptr_t handle_ = -1;  ///< a pid, or a process HANDLE
  bool ended_ = false;
};

}  // namespace coyote::platform
