// coyote-netsim: a UDP proxy between clients and a server that adds latency, jitter, loss,
// duplication and reordering in both directions, seeded, and prints what it did on exit.
#include <netdb.h>

#include <cstring>
#include <iostream>

#include <fmt/format.h>

#include "cli/program.h"
#include "service/service_logger.h"
#include "service/signals.h"
#include "tools/netsim/udp_proxy.h"
#include "util/monotonic_clock.h"

namespace {

constexpr const char* kDescription = "Coyote link conditioner: a seeded, lossy, laggy UDP proxy";
constexpr const char* kProgram = "coyote-netsim";
struct CommandLine {
  int listenPort = 0;
  std::string forward;
  coyote::LinkProfile profile;
  std::uint64_t seed = 1;
  double seconds = 0.0;
  std::string portFile;
};

void addOptions(CLI::App& app, CommandLine& o) {
  app.add_option("--listen", o.listenPort, "UDP port clients connect to (0 = any)")
      ->required()
      ->check(CLI::Range(0, 65535));
  app.add_option("--forward", o.forward, "server HOST:PORT")->required();
  app.add_option("--latency", o.profile.latencyMs,
                 "one-way delay in ms, each direction (RTT = 2 × this)")
      ->check(CLI::Range(0.0, 10000.0));
  app.add_option("--jitter", o.profile.jitterMs, "± ms of random delay per packet")
      ->check(CLI::Range(0.0, 10000.0));
  app.add_option("--loss", o.profile.loss, "drop probability")->check(CLI::Range(0.0, 1.0));
  app.add_option("--dup", o.profile.duplicate, "duplication probability")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--reorder", o.profile.reorder, "reordering probability")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--seed", o.seed, "random seed");
  app.add_option("--seconds", o.seconds,
                 "stop by itself after this long (0 = until SIGINT/SIGTERM)");
  app.add_option("--port-file", o.portFile, "write the listening port here once bound");
}

/// The server's IPv4 address; throws std::runtime_error naming --forward.
sockaddr_in resolve(const std::string& forward) {
  const coyote::cli::HostPort address = coyote::cli::parseHostPort(forward, "--forward");
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* resolved = nullptr;
  if (getaddrinfo(address.host.c_str(), std::to_string(address.port).c_str(), &hints, &resolved) !=
      0) {
    throw std::runtime_error("--forward: cannot resolve \"" + address.host + "\"");
  }
  sockaddr_in server{};
  std::memcpy(&server, resolved->ai_addr, sizeof(server));
  freeaddrinfo(resolved);
  return server;
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine o;
  if (const auto exit = coyote::cli::parse(argc, argv, kProgram, kDescription, o, addOptions)) {
    return *exit;
  }
  std::unique_ptr<coyote::UdpProxy> proxy;
  try {
    proxy = std::make_unique<coyote::UdpProxy>(static_cast<std::uint16_t>(o.listenPort),
                                               resolve(o.forward), o.profile, o.seed);
  } catch (const std::runtime_error& error) {
    return coyote::cli::fail(kProgram, error.what());
  }
  coyote::service::installSignals(false);
  coyote::service::writePortFile(o.portFile, proxy->port());
  std::cerr << fmt::format(
      "coyote-netsim: 127.0.0.1:{} -> {}, latency {} ms, jitter ±{} ms, loss {}, dup {}, "
      "reorder {}, seed {}\n",
      proxy->port(), o.forward, o.profile.latencyMs, o.profile.jitterMs, o.profile.loss,
      o.profile.duplicate, o.profile.reorder, o.seed);
  const double start = coyote::monotonicSeconds();
  const auto nowMs = [] { return coyote::monotonicSeconds() * 1000.0; };
  while (!coyote::service::stopRequested() &&
         (o.seconds <= 0.0 || coyote::monotonicSeconds() - start < o.seconds)) {
    proxy->waitForTraffic(nowMs());
    proxy->process(nowMs());
  }
  std::cout << proxy->summaryJson(coyote::monotonicSeconds() - start) << std::endl;
  return 0;
}
