// coyote_master_load: a running coyote-master under the load of an internet list
// (bench/master_load.sh). N game servers, each from an address of its own on the loopback network
// (127.10.x.y), register and prove their address with the token the master sends to a port this
// program listens on for all of them; then, for the measured seconds, each sends its heartbeat
// every 15 s while browsers (from 127.20.x.y) read the list at the asked rate. Prints one JSON
// line: the rates achieved (never the ones asked for), the master's CPU and memory from /proc,
// and the list's sizes from its /metrics.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <mutex>
#include <span>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "listing/registration.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  int masterPort = 8300;
  int masterPid = 0;
  int servers = 1000;
  double listRate = 100.0;
  double seconds = 20.0;
  int tokenPort = 0;  ///< the game port every fake server claims (0: any free)
  int threads = 8;
};

std::string serverAddress(int index) {
  return fmt::format("127.10.{}.{}", index / 250, 1 + index % 250);
}

std::string browserAddress(int index) {
  return fmt::format("127.20.{}.{}", (index / 250) % 250, 1 + index % 250);
}

/// One HTTP/1.1 exchange from `from` with the master: the whole reply.
std::string exchange(int port, const std::string& from, const std::string& text) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in local{};
  local.sin_family = AF_INET;
  inet_pton(AF_INET, from.c_str(), &local.sin_addr);
  sockaddr_in remote{};
  remote.sin_family = AF_INET;
  remote.sin_port = htons(static_cast<std::uint16_t>(port));
  inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
  std::string reply;
  if (bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) == 0 &&
      connect(fd, reinterpret_cast<sockaddr*>(&remote), sizeof remote) == 0 &&
      send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size())) {
    char buffer[65536];
    for (ssize_t got; (got = recv(fd, buffer, sizeof buffer, 0)) > 0;) {
      reply.append(buffer, static_cast<std::size_t>(got));
    }
  }
  close(fd);
  return reply;
}

/// The status of an exchange (0: no answer).
int status(const std::string& reply) {
  return reply.starts_with("HTTP/1.1 ") ? std::stoi(reply.substr(9, 3)) : 0;
}

std::string post(const std::string& body) {
  return fmt::format(
      "POST /register HTTP/1.1\r\nHost: master\r\nContent-Type: application/json\r\n"
      "Content-Length: {}\r\nConnection: close\r\n\r\n{}",
      body.size(), body);
}

/// The fake game servers: their registrations, and the tokens the master sent them.
class Fleet {
 public:
  Fleet(int count, int port) : registrations_(static_cast<std::size_t>(count)) {
    socket_ = ::socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in any{};
    any.sin_family = AF_INET;
    any.sin_port = htons(static_cast<std::uint16_t>(port));
    bind(socket_, reinterpret_cast<sockaddr*>(&any), sizeof any);
    socklen_t length = sizeof any;
    getsockname(socket_, reinterpret_cast<sockaddr*>(&any), &length);
    port_ = ntohs(any.sin_port);
    const timeval timeout{0, 200000};
    setsockopt(socket_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    for (int i = 0; i < count; ++i) {
      coyote::listing::Registration& r = registrations_[static_cast<std::size_t>(i)];
      r.port = static_cast<std::uint16_t>(port_);
      for (std::size_t b = 0; b < r.challenge.size(); ++b) {
        r.challenge[b] = static_cast<std::uint8_t>(b < 4 ? i >> (8 * b) : 0x5a);
      }
      r.info.protocolVersion = 15;
      r.info.name = fmt::format("Load test server {}", i);
      r.info.motd = "A server of the master's load test: races every hour, be kind in chat.";
      r.info.version = "coyote protocol 15";
      r.info.maxPlayers = 128;
      r.info.rooms = {{"main", "arena", "play", static_cast<std::uint16_t>(i % 17), 16},
                      {"race", "race", "race", static_cast<std::uint16_t>(i % 5), 16}};
      r.info.players = static_cast<std::uint16_t>(i % 17 + i % 5);
    }
    receiver_ = std::thread([this] { receive(); });
  }
  ~Fleet() {
    stop_ = true;
    receiver_.join();
    close(socket_);
  }
  int size() const { return static_cast<int>(registrations_.size()); }
  std::string body(int index) {
    const std::lock_guard lock(mutex_);
    return coyote::listing::registrationJson(registrations_[static_cast<std::size_t>(index)]);
  }
  std::atomic<int> tokens{0};

 private:
  void receive() {
    std::uint8_t bytes[128];
    while (!stop_) {
      const ssize_t got = recv(socket_, bytes, sizeof bytes, 0);
      const auto token = coyote::listing::parseMasterToken(
          std::span<const std::uint8_t>(bytes, got > 0 ? static_cast<std::size_t>(got) : 0));
      if (!token) {
        continue;
      }
      const int index = token->challenge[0] | token->challenge[1] << 8 | token->challenge[2] << 16;
      if (index < size()) {
        const std::lock_guard lock(mutex_);
        registrations_[static_cast<std::size_t>(index)].token = token->token;
        tokens += 1;
      }
    }
  }

  std::vector<coyote::listing::Registration> registrations_;
  std::mutex mutex_;
  int socket_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread receiver_;
};

/// CPU seconds (user + system) of process `pid` so far.
double cpuSeconds(int pid) {
  std::ifstream stat(fmt::format("/proc/{}/stat", pid));
  std::string text((std::istreambuf_iterator<char>(stat)), {});
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string field;
  double ticks = 0.0;
  for (int i = 3; fields >> field && i <= 15; ++i) {
    ticks += i == 14 || i == 15 ? std::stod(field) : 0.0;  // utime, stime
  }
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double residentMegabytes(int pid) {
  std::ifstream status(fmt::format("/proc/{}/status", pid));
  for (std::string line; std::getline(status, line);) {
    if (line.starts_with("VmRSS:")) {
      return std::stod(line.substr(6)) / 1024.0;
    }
  }
  return 0.0;
}

/// A sample of the master's /metrics.
double metric(int port, const std::string& name) {
  const std::string reply = exchange(
      port, "127.0.0.1", "GET /metrics HTTP/1.1\r\nHost: master\r\nConnection: close\r\n\r\n");
  const std::size_t at = reply.find("\n" + name + " ");
  return at == std::string::npos ? -1.0 : std::stod(reply.substr(at + name.size() + 2));
}

/// Registers every server and proves its address; how many are listed.
int registerAll(Fleet& fleet, const Options& o) {
  std::atomic<int> next{0};
  std::atomic<int> listed{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < o.threads; ++t) {
    workers.emplace_back([&] {
      for (int i = next++; i < fleet.size(); i = next++) {
        int answer = status(exchange(o.masterPort, serverAddress(i), post(fleet.body(i))));
        for (int wait = 0; answer == 202 && wait < 100; ++wait) {  // the token's round trip
          std::this_thread::sleep_for(std::chrono::milliseconds(2));
          const std::string body = fleet.body(i);
          if (body.find("\"token\"") != std::string::npos) {
            answer = status(exchange(o.masterPort, serverAddress(i), post(body)));
          }
        }
        listed += answer == 200 ? 1 : 0;
      }
    });
  }
  for (std::thread& worker : workers) {
    worker.join();
  }
  return listed.load();
}

struct Steady {
  std::atomic<long> heartbeats{0};
  std::atomic<long> heartbeatsListed{0};
  std::atomic<long> lists{0};
  std::atomic<long> listsOk{0};
  std::atomic<long> listBytes{0};
};

/// For `o.seconds`: each server's heartbeat every 15 s, and the list read `o.listRate` a second.
void runSteady(Fleet& fleet, const Options& o, Steady& figures) {
  const auto start = Clock::now();
  const auto due = [&](double perSecond, long done) {
    return std::chrono::duration<double>(Clock::now() - start).count() * perSecond > done;
  };
  const double heartbeatRate = fleet.size() / 15.0;
  std::atomic<long> heartbeatTickets{0};
  std::atomic<long> listTickets{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < o.threads; ++t) {
    workers.emplace_back([&] {
      while (Clock::now() - start < std::chrono::duration<double>(o.seconds)) {
        if (due(heartbeatRate, heartbeatTickets.load())) {
          const long n = heartbeatTickets++;
          const int index = static_cast<int>(n % fleet.size());
          const int answer =
              status(exchange(o.masterPort, serverAddress(index), post(fleet.body(index))));
          figures.heartbeats += 1;
          figures.heartbeatsListed += answer == 200 ? 1 : 0;
        } else if (due(o.listRate, listTickets.load())) {
          const long n = listTickets++;
          const std::string reply =
              exchange(o.masterPort, browserAddress(static_cast<int>(n % 60000)),
                       "GET /servers.json HTTP/1.1\r\nHost: master\r\nAccept-Encoding: gzip\r\n"
                       "Connection: close\r\n\r\n");
          figures.lists += 1;
          figures.listsOk += status(reply) == 200 ? 1 : 0;
          figures.listBytes += static_cast<long>(reply.size());
        } else {
          std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
      }
    });
  }
  for (std::thread& worker : workers) {
    worker.join();
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"coyote-master under the load of an internet list (bench/master_load.sh)"};
  app.add_option("--master-port", o.masterPort, "the master's HTTP port")->required();
  app.add_option("--master-pid", o.masterPid, "its process, for its CPU and memory")->required();
  app.add_option("--servers", o.servers, "game servers registered, each from its own address");
  app.add_option("--list-rate", o.listRate, "GET /servers.json a second, gzipped");
  app.add_option("--seconds", o.seconds, "the measured time");
  app.add_option("--threads", o.threads, "threads making requests");
  CLI11_PARSE(app, argc, argv);
  Fleet fleet(o.servers, o.tokenPort);
  const auto registering = Clock::now();
  const int listed = registerAll(fleet, o);
  const double registerSeconds = std::chrono::duration<double>(Clock::now() - registering).count();
  std::this_thread::sleep_for(std::chrono::seconds(3));  // the list rebuilt with all of them
  Steady steady;
  const double cpuBefore = cpuSeconds(o.masterPid);
  const auto measuring = Clock::now();
  runSteady(fleet, o, steady);
  const double seconds = std::chrono::duration<double>(Clock::now() - measuring).count();
  const double cpu = (cpuSeconds(o.masterPid) - cpuBefore) / seconds;
  const double servers = metric(o.masterPort, "coyote_master_servers");
  const double gzip = metric(o.masterPort, "coyote_master_list_gzip_bytes");
  const double plain = metric(o.masterPort, "coyote_master_list_bytes");
  std::cout << fmt::format(
                   "{{\"servers\":{},\"listed_after_registration\":{},\"listed_at_end\":{},"
                   "\"registration_seconds\":{:.2f},\"seconds\":{:.1f},"
                   "\"heartbeats_per_second\":{:.0f},\"heartbeats_listed\":{},"
                   "\"lists_per_second\":{:.0f},\"lists_ok\":{},\"list_reply_bytes\":{:.0f},"
                   "\"master_cpu_percent\":{:.1f},\"master_rss_mb\":{:.1f},"
                   "\"list_bytes\":{:.0f},\"list_gzip_bytes\":{:.0f},"
                   "\"gzip_bytes_per_1000_servers\":{:.0f},\"tokens_received\":{}}}",
                   o.servers, listed, servers, registerSeconds, seconds,
                   steady.heartbeats / seconds, steady.heartbeatsListed.load(),
                   steady.lists / seconds, steady.listsOk.load(),
                   steady.lists > 0 ? static_cast<double>(steady.listBytes) / steady.lists : 0.0,
                   cpu * 100.0, residentMegabytes(o.masterPid), plain, gzip,
                   servers > 0 ? gzip * 1000.0 / servers : 0.0, fleet.tokens.load())
            << std::endl;
  return listed == o.servers ? 0 : 1;
}
