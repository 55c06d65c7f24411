#include "platform/subprocess.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>

namespace coyote::platform {

Subprocess::Subprocess(const std::vector<std::string>& arguments, const std::string& outputFile) {
  std::vector<std::string> copies = arguments;  // execv takes char*, not const char*
  std::vector<char*> argv;
  for (std::string& argument : copies) {
    argv.push_back(argument.data());
  }
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    throw std::runtime_error("cannot start " + arguments.front());
  }
  if (pid == 0) {
    std::freopen(outputFile.c_str(), "w", stdout);
    std::freopen(outputFile.c_str(), "a", stderr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  handle_ = pid;
}

Subprocess::~Subprocess() {
  if (!ended_) {
    kill(static_cast<pid_t>(handle_), SIGTERM);
    waitpid(static_cast<pid_t>(handle_), nullptr, 0);
  }
}

bool Subprocess::ended() {
  int status = 0;
  if (!ended_ && waitpid(static_cast<pid_t>(handle_), &status, WNOHANG) == handle_) {
    ended_ = true;
  }
  return ended_;
}

}  // namespace coyote::platform
