#include "tools/netsim/udp_proxy.h"

#include <arpa/inet.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace coyote {
namespace {

constexpr std::size_t kMaxDatagram = 65536;
constexpr double kIdleFlowMs = 60000.0;

int udpSocket(const sockaddr_in* bindTo) {
  const int fd = socket(AF_INET, SOCK_DGRAM, 0);
  if (fd < 0) {
    throw std::runtime_error(fmt::format("socket: {}", std::strerror(errno)));
  }
  if (bindTo != nullptr &&
      bind(fd, reinterpret_cast<const sockaddr*>(bindTo), sizeof(*bindTo)) != 0) {
    close(fd);
    throw std::runtime_error(fmt::format("bind: {}", std::strerror(errno)));
  }
  return fd;
}

bool sameAddress(const sockaddr_in& a, const sockaddr_in& b) {
  return a.sin_addr.s_addr == b.sin_addr.s_addr && a.sin_port == b.sin_port;
}

std::string countersJson(const LinkCounters& c) {
  return fmt::format(
      "{{\"received\":{},\"dropped\":{},\"duplicated\":{},\"reordered\":{},\"delivered\":{},"
      "\"bytes\":{}}}",
      c.received, c.dropped, c.duplicated, c.reordered, c.delivered, c.bytes);
}

}  // namespace

UdpProxy::UdpProxy(std::uint16_t listenPort, const sockaddr_in& server, const LinkProfile& profile,
                   std::uint64_t seed)
    : server_(server),
      upstream_(profile, seed),
      downstream_(profile, seed ^ 0x5DEECE66Dull),
      buffer_(kMaxDatagram) {
  sockaddr_in local{};
  local.sin_family = AF_INET;
  local.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  local.sin_port = htons(listenPort);
  listener_ = udpSocket(&local);
  socklen_t length = sizeof(local);
  getsockname(listener_, reinterpret_cast<sockaddr*>(&local), &length);
  port_ = ntohs(local.sin_port);
}

UdpProxy::~UdpProxy() {
  for (const auto& [address, flow] : flows_) {
    close(flow.upstream);
  }
  close(listener_);
}

std::vector<pollfd> UdpProxy::sockets() const {
  std::vector<pollfd> fds{{listener_, POLLIN, 0}};
  for (const auto& [address, flow] : flows_) {
    fds.push_back({flow.upstream, POLLIN, 0});
  }
  return fds;
}

void UdpProxy::waitForTraffic(double nowMs) const {
  std::vector<pollfd> fds = sockets();
  const int timeout =
      queue_.empty() ? 10 : std::clamp(static_cast<int>(queue_.top().atMs - nowMs), 0, 10);
  poll(fds.data(), fds.size(), timeout);
}

void UdpProxy::process(double nowMs) {
  std::vector<pollfd> fds = sockets();
  poll(fds.data(), fds.size(), 0);
  for (const pollfd& entry : fds) {
    if (entry.revents & POLLIN) {
      receiveFrom(entry.fd, nowMs);
    }
  }
  deliverDue(nowMs);
  forgetIdleFlows(nowMs);
}

void UdpProxy::receiveFrom(int fd, double nowMs) {
  sockaddr_in from{};
  socklen_t fromLength = sizeof(from);
  const ssize_t received = recvfrom(fd, buffer_.data(), buffer_.size(), 0,
                                    reinterpret_cast<sockaddr*>(&from), &fromLength);
  if (received <= 0) {
    return;
  }
  std::vector<char> bytes(buffer_.begin(), buffer_.begin() + received);
  if (fd == listener_) {
    fromClient(from, std::move(bytes), nowMs);
  } else if (sameAddress(from, server_)) {
    fromServer(fd, bytes, nowMs);
  }
}

void UdpProxy::fromClient(const sockaddr_in& from, std::vector<char> bytes, double nowMs) {
  Flow& flow = flows_[from];
  if (flow.upstream < 0) {
    flow.client = from;
    flow.upstream = udpSocket(nullptr);
  }
  flow.lastActivityMs = nowMs;
  schedule(upstream_.decide(nowMs, bytes.size()), flow.upstream, server_, bytes);
}

void UdpProxy::fromServer(int fd, const std::vector<char>& bytes, double nowMs) {
  for (auto& [address, flow] : flows_) {
    if (flow.upstream == fd) {
      flow.lastActivityMs = nowMs;
      schedule(downstream_.decide(nowMs, bytes.size()), listener_, flow.client, bytes);
    }
  }
}

void UdpProxy::schedule(const LinkConditioner::Decision& decision, int fd, const sockaddr_in& to,
                        const std::vector<char>& bytes) {
  for (int copy = 0; copy < decision.copies; ++copy) {
    queue_.push({decision.deliverAtMs[copy], order_++, fd, to, bytes});
  }
}

void UdpProxy::deliverDue(double nowMs) {
  while (!queue_.empty() && queue_.top().atMs <= nowMs) {
    const Scheduled& packet = queue_.top();
    sendto(packet.fd, packet.bytes.data(), packet.bytes.size(), 0,
           reinterpret_cast<const sockaddr*>(&packet.to), sizeof(packet.to));
    (packet.fd == listener_ ? downstream_ : upstream_).countDelivered();
    queue_.pop();
  }
}

void UdpProxy::forgetIdleFlows(double nowMs) {
  for (auto flow = flows_.begin(); flow != flows_.end();) {
    if (nowMs - flow->second.lastActivityMs > kIdleFlowMs) {
      close(flow->second.upstream);
      flow = flows_.erase(flow);
    } else {
      ++flow;
    }
  }
}

std::string UdpProxy::summaryJson(double seconds) const {
  return fmt::format(
      "{{\"event\":\"netsim_summary\",\"seconds\":{:.2f},\"flows\":{},"
      "\"client_to_server\":{},\"server_to_client\":{}}}",
      seconds, flows_.size(), countersJson(upstream_.counters()),
      countersJson(downstream_.counters()));
}

}  // namespace coyote
