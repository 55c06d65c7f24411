#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace coyote::test {

/// A real program started by a test, its stdout and stderr in files; killed, with every process
/// it started (its process group: xvfb-run's X server and client, a shell's children), if still
/// running when the test ends.
class ChildProcess {
 public:
  ChildProcess(const std::vector<std::string>& arguments, const std::string& outputFile)
      : outputFile_(outputFile) {
    pid_ = fork();
    if (pid_ == 0) {
      setpgid(0, 0);  // a group of its own, so that what it starts goes with it
      const int fd = open(outputFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(fd, STDOUT_FILENO);
      dup2(fd, STDERR_FILENO);
      std::vector<char*> argv;
      for (const std::string& argument : arguments) {
        argv.push_back(const_cast<char*>(argument.c_str()));
      }
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
  }
  // Its group is signalled only while the child is not reaped: until then its pid (a zombie's at
  // worst) is still its group's, while a reaped pid may already be another test's process
  // (pid_max is 32,768 here, and the suites start thousands of processes side by side).
  ~ChildProcess() {
    if (pid_ > 0 && !reaped_) {
      kill(-pid_, SIGKILL);  // it, and what it left running
      waitpid(pid_, nullptr, 0);
    }
  }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  void signal(int number) {
    if (!reaped_) {
      kill(pid_, number);
    }
  }
  pid_t pid() const { return pid_; }
  /// Its resident memory, kB (0 once it is gone).
  long residentKilobytes() const {
    if (reaped_) {
      return 0;
    }
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(status, line);) {
      if (line.rfind("VmRSS:", 0) == 0) {
        return std::stol(line.substr(6));
      }
    }
    return 0;
  }

  /// The exit code, or -1 if it did not exit within `seconds` (it is then killed).
  int wait(double seconds) {
    if (reaped_) {
      return waited_;  // what the first wait found
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
      siginfo_t ended{};
      // Seen ended but not reaped (WNOWAIT): what it left running goes first, while its group's
      // id is still its own.
      if (waitid(P_PID, static_cast<id_t>(pid_), &ended, WEXITED | WNOHANG | WNOWAIT) == 0 &&
          ended.si_pid == pid_) {
        kill(-pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
        reaped_ = true;
        waited_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return waited_;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    kill(-pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    reaped_ = true;
    waited_ = -1;
    return -1;
  }

  std::string output() const {
    std::ifstream stream(outputFile_);
    std::stringstream text;
    text << stream.rdbuf();
    return text.str();
  }

  /// The last line of the output that starts with '{' (the programs' JSON summaries).
  std::string lastJsonLine() const {
    std::istringstream lines(output());
    std::string line;
    std::string json;
    while (std::getline(lines, line)) {
      if (!line.empty() && line.front() == '{') {
        json = line;
      }
    }
    return json;
  }

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;  ///< waited for: its pid is no longer ours to signal
  int waited_ = -1;      ///< what wait() returned
  std::string outputFile_;
};

/// Waits for a port file written by `--port-file`; 0 on timeout.
inline int waitForPort(const std::string& file, double seconds = 10.0) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream stream(file);
    int port = 0;
    if (stream >> port && port > 0) {
      return port;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return 0;
}

}  // namespace coyote::test
