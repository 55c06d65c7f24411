// Info queries shared fairly (docs/protocol.md#security), against a real coyote-server: a
// browser asking round after round is answered while one IP floods from 2,000 source ports at
// 20,000 queries a second, and while 1,000 IPs flood at the same rate together. Before the fair
// share (a budget first come, first served, limited per address and port), the browser was
// answered in 0 rounds of 10 under the first flood.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "client/core/server_query.h"
#include "support/coyote_processes.h"
#include "util/monotonic_clock.h"
#include "wire/server_info.h"

namespace coyote::test {
namespace {

constexpr int kRounds = 10;
constexpr int kQueriesPerSecond = 20000;

/// UDP sockets bound to `addresses` (each `portsEach` times, on ports the system picks), sending
/// info queries to the server round robin at kQueriesPerSecond until stopped.
class InfoFlood {
 public:
  InfoFlood(int port, const std::vector<std::string>& addresses, int portsEach) {
    rlimit limit{};  // thousands of sockets: the soft limit goes up to the hard one
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
      limit.rlim_cur = limit.rlim_max;
      setrlimit(RLIMIT_NOFILE, &limit);
    }
    for (const std::string& address : addresses) {
      for (int i = 0; i < portsEach; ++i) {
        openSocket(address);
      }
    }
    server_.sin_family = AF_INET;
    server_.sin_port = htons(static_cast<std::uint16_t>(port));
    inet_pton(AF_INET, "127.0.0.1", &server_.sin_addr);
    thread_ = std::thread([this] { run(); });
  }
  ~InfoFlood() {
    stop_ = true;
    thread_.join();
    for (const int fd : sockets_) {
      close(fd);
    }
  }
  std::size_t sockets() const { return sockets_.size(); }
  std::uint64_t sent() const { return sent_; }

 private:
  void openSocket(const std::string& address) {
    const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
    sockaddr_in local{};
    local.sin_family = AF_INET;
    inet_pton(AF_INET, address.c_str(), &local.sin_addr);
    if (fd >= 0 && bind(fd, reinterpret_cast<const sockaddr*>(&local), sizeof(local)) == 0) {
      sockets_.push_back(fd);
    } else if (fd >= 0) {
      close(fd);
    }
  }
  // 20 queries a millisecond, each from the next socket.
  void run() {
    const auto request = net::encodeInfoRequest({1, 0});
    std::size_t next = 0;
    const double start = monotonicSeconds();
    while (!stop_ && !sockets_.empty()) {
      const auto due = static_cast<std::uint64_t>((monotonicSeconds() - start) * kQueriesPerSecond);
      for (; sent_ < due; ++sent_) {
        sendto(sockets_[next++ % sockets_.size()], request.data(), request.size(), 0,
               reinterpret_cast<const sockaddr*>(&server_), sizeof(server_));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  std::vector<int> sockets_;
  sockaddr_in server_{};
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> sent_{0};
  std::thread thread_;
};

/// Rounds of a browser asking the server, a fresh query each (as a refresh is): how many rounds
/// heard the server within 1 s.
int browserRoundsAnswered(int port) {
  int answered = 0;
  for (int round = 0; round < kRounds; ++round) {
    ServerQuery query({{"127.0.0.1", static_cast<std::uint16_t>(port)}}, {});
    const double until = monotonicSeconds() + 1.0;
    while (monotonicSeconds() < until && query.servers().empty()) {
      query.update(monotonicSeconds());
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    answered += query.servers().empty() ? 0 : 1;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return answered;
}

TEST(InfoFloodProcess, ABrowserIsAnsweredWhileOneAddressFloodsFromTwoThousandPorts) {
  TempDirectory directory;
  ServerProcess server(directory, (directory.path() / "r.rpl").string());
  InfoFlood flood(server.port, {"127.0.0.50"}, 2000);
  ASSERT_GE(flood.sockets(), 1900u);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const int answered = browserRoundsAnswered(server.port);
  std::printf("one address, %zu ports: %d of %d rounds answered; %llu queries sent\n",
              flood.sockets(), answered, kRounds, static_cast<unsigned long long>(flood.sent()));
  EXPECT_GE(answered, 9);
}

TEST(InfoFloodProcess, ABrowserIsAnsweredWhileAThousandAddressesFlood) {
  TempDirectory directory;
  ServerProcess server(directory, (directory.path() / "r.rpl").string());
  std::vector<std::string> addresses;
  for (int i = 0; i < 1000; ++i) {
    addresses.push_back(fmt::format("127.3.{}.{}", i / 250, 1 + i % 250));
  }
  InfoFlood flood(server.port, addresses, 1);
  ASSERT_GE(flood.sockets(), 950u);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const int answered = browserRoundsAnswered(server.port);
  std::printf("%zu addresses: %d of %d rounds answered; %llu queries sent\n", flood.sockets(),
              answered, kRounds, static_cast<unsigned long long>(flood.sent()));
  EXPECT_GE(answered, 7);
}

}  // namespace
}  // namespace coyote::test
