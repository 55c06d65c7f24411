#pragma once

// A real PostgreSQL cluster for a test: initdb in the test's temporary directory, pg_ctl start on
// a free port with its socket there, stopped (and started again) on demand. As root (CI), the
// cluster runs as the `postgres` user the Debian package creates: PostgreSQL refuses root.

#include <filesystem>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "support/free_port.h"
#include "support/run_command.h"
#include "support/temp_file.h"

namespace coyote::test {

class PostgresCluster {
 public:
  explicit PostgresCluster(const TempDirectory& directory)
      : data_(directory.path() / "pg"), socket_(shortDirectory()), port_(freeTcpPort()) {
    std::filesystem::create_directories(data_);
    if (geteuid() == 0) {
      std::filesystem::permissions(directory.path(), std::filesystem::perms::all);
      runCommand("chown postgres " + data_.string() + " " + socket_.string());
    }
    const CommandResult init = run(fmt::format("{} -D {} -A trust -U coyote --no-sync -E UTF8",
                                               binary("initdb"), data_.string()));
    ok_ = init.exitCode == 0;
    EXPECT_TRUE(ok_) << init.output;
    start();
  }
  ~PostgresCluster() {
    stop();
    std::filesystem::remove_all(socket_);
  }
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

  /// `postgresql://` URL of the cluster's `postgres` database, through its socket.
  std::string url() const {
    return fmt::format("postgresql://coyote@/postgres?host={}&port={}", socket_.string(), port_);
  }
  bool running() const { return running_; }

  void start() {
    const CommandResult started = run(fmt::format(
        "{} -D {} -w -t 30 -l {}/log -o \"-k {} -p {} -c listen_addresses='' -c fsync=off\" start",
        binary("pg_ctl"), data_.string(), data_.string(), socket_.string(), port_));
    running_ = started.exitCode == 0;
    EXPECT_TRUE(running_) << started.output;
  }
  void stop() {
    if (running_) {
      run(fmt::format("{} -D {} -w -m fast stop", binary("pg_ctl"), data_.string()));
      running_ = false;
    }
  }

 private:
  /// The socket's folder: a socket path has at most 107 bytes, the test's folder can be longer.
  static std::filesystem::path shortDirectory() {
    char name[] = "/tmp/coyote-pg-XXXXXX";
    return mkdtemp(name) == nullptr ? std::filesystem::path("/tmp") : std::filesystem::path(name);
  }
  static std::string binary(const std::string& name) {
    for (const auto& version : std::filesystem::directory_iterator("/usr/lib/postgresql")) {
      const auto path = version.path() / "bin" / name;
      if (std::filesystem::exists(path)) {
        return path.string();
      }
    }
    return name;
  }
  static CommandResult run(const std::string& command) {
    return runCommand(geteuid() == 0 ? "runuser -u postgres -- " + command : command);
  }

  std::filesystem::path data_;
  std::filesystem::path socket_;
  int port_;
  bool ok_ = false;
  bool running_ = false;
};

}  // namespace coyote::test
