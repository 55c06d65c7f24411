// coyote-netsim: a UDP proxy between clients and a server that adds latency, jitter, loss,
// duplication and reordering in both directions, seeded, and prints what it did on exit.
#include <arpa/inet.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <queue>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "tools/netsim/link_conditioner.h"

namespace {

constexpr int kUsageError = 2;
constexpr std::size_t kMaxDatagram = 65536;
constexpr double kIdleFlowMs = 60000.0;
std::atomic<bool> stopRequested{false};

void requestStop(int) {
  stopRequested.store(true);
}

double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int udpSocket(const sockaddr_in* bindTo) {
  const int fd = socket(AF_INET, SOCK_DGRAM, 0);
  if (fd < 0) {
    throw std::runtime_error(fmt::format("socket: {}", std::strerror(errno)));
  }
  if (bindTo != nullptr &&
      bind(fd, reinterpret_cast<const sockaddr*>(bindTo), sizeof(*bindTo)) != 0) {
    throw std::runtime_error(fmt::format("bind: {}", std::strerror(errno)));
  }
  return fd;
}

bool sameAddress(const sockaddr_in& a, const sockaddr_in& b) {
  return a.sin_addr.s_addr == b.sin_addr.s_addr && a.sin_port == b.sin_port;
}

struct AddressLess {
  bool operator()(const sockaddr_in& a, const sockaddr_in& b) const {
    return std::tie(a.sin_addr.s_addr, a.sin_port) < std::tie(b.sin_addr.s_addr, b.sin_port);
  }
};

/// A datagram waiting for its delivery time.
struct Scheduled {
  double atMs;
  std::uint64_t order;
  int fd;
  sockaddr_in to;
  std::vector<char> bytes;
  bool operator>(const Scheduled& other) const {
    return atMs != other.atMs ? atMs > other.atMs : order > other.order;
  }
};

/// One client seen on the listening socket, with its own socket toward the server so that the
/// server sees one peer per client.
struct Flow {
  sockaddr_in client{};
  int upstream = -1;
  double lastActivityMs = 0.0;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Coyote link conditioner: a seeded, lossy, laggy UDP proxy"};
  int listenPort = 0;
  std::string forward;
  coyote::LinkProfile profile;
  double latency = 0.0;
  std::uint64_t seed = 1;
  double seconds = 0.0;
  std::string portFile;
  app.add_option("--listen", listenPort, "UDP port clients connect to (0 = any)")->required();
  app.add_option("--forward", forward, "server HOST:PORT")->required();
  app.add_option("--latency", latency, "one-way delay in ms, each direction (RTT = 2 × this)")
      ->check(CLI::Range(0.0, 10000.0));
  app.add_option("--jitter", profile.jitterMs, "± ms of random delay per packet")
      ->check(CLI::Range(0.0, 10000.0));
  app.add_option("--loss", profile.loss, "drop probability")->check(CLI::Range(0.0, 1.0));
  app.add_option("--dup", profile.duplicate, "duplication probability")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--reorder", profile.reorder, "reordering probability")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--seed", seed, "random seed");
  app.add_option("--seconds", seconds, "stop by itself after this long (0 = until SIGINT/SIGTERM)");
  app.add_option("--port-file", portFile, "write the listening port here once bound");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    std::cerr << "coyote-netsim: error: " << error.what() << "\n";
    return kUsageError;
  }
  profile.latencyMs = latency;

  sockaddr_in server{};
  const auto colon = forward.rfind(':');
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* resolved = nullptr;
  if (colon == std::string::npos ||
      getaddrinfo(forward.substr(0, colon).c_str(), forward.substr(colon + 1).c_str(), &hints,
                  &resolved) != 0) {
    std::cerr << "coyote-netsim: error: --forward must be HOST:PORT, got \"" << forward << "\"\n";
    return kUsageError;
  }
  std::memcpy(&server, resolved->ai_addr, sizeof(server));
  freeaddrinfo(resolved);

  std::signal(SIGINT, requestStop);
  std::signal(SIGTERM, requestStop);
  coyote::LinkConditioner upstream(profile, seed);
  coyote::LinkConditioner downstream(profile, seed ^ 0x5DEECE66Dull);
  std::map<sockaddr_in, Flow, AddressLess> flows;
  std::priority_queue<Scheduled, std::vector<Scheduled>, std::greater<>> queue;
  std::uint64_t order = 0;
  int listener = -1;
  try {
    sockaddr_in local{};
    local.sin_family = AF_INET;
    local.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    local.sin_port = htons(static_cast<std::uint16_t>(listenPort));
    listener = udpSocket(&local);
    socklen_t length = sizeof(local);
    getsockname(listener, reinterpret_cast<sockaddr*>(&local), &length);
    listenPort = ntohs(local.sin_port);
  } catch (const std::exception& error) {
    std::cerr << "coyote-netsim: error: " << error.what() << "\n";
    return kUsageError;
  }
  if (!portFile.empty()) {
    std::ofstream(portFile) << listenPort << "\n";
  }
  std::cerr << fmt::format(
      "coyote-netsim: 127.0.0.1:{} -> {}, latency {} ms, jitter ±{} ms, "
      "loss {}, dup {}, reorder {}, seed {}\n",
      listenPort, forward, profile.latencyMs, profile.jitterMs, profile.loss, profile.duplicate,
      profile.reorder, seed);

  const double startMs = nowMs();
  std::vector<char> buffer(kMaxDatagram);
  while (!stopRequested.load() && (seconds <= 0.0 || nowMs() - startMs < seconds * 1000.0)) {
    std::vector<pollfd> fds{{listener, POLLIN, 0}};
    for (const auto& [address, flow] : flows) {
      fds.push_back({flow.upstream, POLLIN, 0});
    }
    int timeout = 10;
    if (!queue.empty()) {
      timeout = std::clamp(static_cast<int>(queue.top().atMs - nowMs()), 0, 10);
    }
    poll(fds.data(), fds.size(), timeout);
    const double now = nowMs();
    for (const pollfd& entry : fds) {
      if (!(entry.revents & POLLIN)) {
        continue;
      }
      sockaddr_in from{};
      socklen_t fromLength = sizeof(from);
      const ssize_t received = recvfrom(entry.fd, buffer.data(), buffer.size(), 0,
                                        reinterpret_cast<sockaddr*>(&from), &fromLength);
      if (received <= 0) {
        continue;
      }
      const std::vector<char> bytes(buffer.begin(), buffer.begin() + received);
      if (entry.fd == listener) {
        Flow& flow = flows[from];
        if (flow.upstream < 0) {
          flow.client = from;
          flow.upstream = udpSocket(nullptr);
        }
        flow.lastActivityMs = now;
        const auto decision = upstream.decide(now, bytes.size());
        for (int copy = 0; copy < decision.copies; ++copy) {
          queue.push({decision.deliverAtMs[copy], order++, flow.upstream, server, bytes});
        }
      } else if (sameAddress(from, server)) {
        for (auto& [address, flow] : flows) {
          if (flow.upstream == entry.fd) {
            flow.lastActivityMs = now;
            const auto decision = downstream.decide(now, bytes.size());
            for (int copy = 0; copy < decision.copies; ++copy) {
              queue.push({decision.deliverAtMs[copy], order++, listener, flow.client, bytes});
            }
          }
        }
      }
    }
    while (!queue.empty() && queue.top().atMs <= nowMs()) {
      const Scheduled& packet = queue.top();
      sendto(packet.fd, packet.bytes.data(), packet.bytes.size(), 0,
             reinterpret_cast<const sockaddr*>(&packet.to), sizeof(packet.to));
      (packet.fd == listener ? downstream : upstream).countDelivered();
      queue.pop();
    }
    for (auto flow = flows.begin(); flow != flows.end();) {
      if (now - flow->second.lastActivityMs > kIdleFlowMs) {
        close(flow->second.upstream);
        flow = flows.erase(flow);
      } else {
        ++flow;
      }
    }
  }
  const auto report = [](const coyote::LinkCounters& c) {
    return fmt::format(
        "{{\"received\":{},\"dropped\":{},\"duplicated\":{},\"reordered\":{},\"delivered\":{},"
        "\"bytes\":{}}}",
        c.received, c.dropped, c.duplicated, c.reordered, c.delivered, c.bytes);
  };
  std::cout << fmt::format(
                   "{{\"event\":\"netsim_summary\",\"seconds\":{:.2f},\"flows\":{},"
                   "\"client_to_server\":{},\"server_to_client\":{}}}",
                   (nowMs() - startMs) / 1000.0, flows.size(), report(upstream.counters()),
                   report(downstream.counters()))
            << std::endl;
  for (const auto& [address, flow] : flows) {
    close(flow.upstream);
  }
  close(listener);
  return 0;
}
