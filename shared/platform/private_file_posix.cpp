#include "platform/private_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace coyote::platform {

std::string privateFileProblem(const std::string& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) {
    return fmt::format("{}: {}", file, std::strerror(errno));
  }
  if (!S_ISREG(info.st_mode)) {
    return fmt::format("{}: not a regular file", file);
  }
  if ((info.st_mode & 077) != 0) {
    return fmt::format("{}: mode {:04o} lets other users read your player key; run chmod 600 {}",
                       file, info.st_mode & 07777, file);
  }
  return "";
}

void writePrivateFile(const std::string& file, const std::string& text) {
  const std::filesystem::path path(file);
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path());
  }
  // One temporary a process: two programs making the same file at once (bots of one name) each
  // rename a whole file over it, the last one's staying.
  const std::string temporary = fmt::format("{}.{}.new", file, ::getpid());
  ::unlink(temporary.c_str());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    throw std::runtime_error(fmt::format("{}: {}", temporary, std::strerror(errno)));
  }
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  const bool closed = ::close(fd) == 0;
  if (!written || !closed || std::rename(temporary.c_str(), file.c_str()) != 0) {
    ::unlink(temporary.c_str());
    throw std::runtime_error(fmt::format("{}: could not be written", file));
  }
}

}  // namespace coyote::platform
