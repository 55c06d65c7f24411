#pragma once

#include <netinet/in.h>
#include <poll.h>

#include <cstdint>
#include <map>
#include <queue>
#include <string>
#include <tuple>
#include <vector>

#include "tools/netsim/link_conditioner.h"

namespace coyote {

/// A UDP proxy on 127.0.0.1 between clients and one server, each direction passed through its
/// own LinkConditioner. Each client gets its own socket toward the server, so the server sees
/// one peer per client. Time (ms, any monotonic origin) is passed in.
class UdpProxy {
 public:
  /// Binds the listening port (0 = any free one); throws std::runtime_error.
  UdpProxy(std::uint16_t listenPort, const sockaddr_in& server, const LinkProfile& profile,
           std::uint64_t seed);
  ~UdpProxy();
  UdpProxy(const UdpProxy&) = delete;
  UdpProxy& operator=(const UdpProxy&) = delete;

  std::uint16_t port() const { return port_; }

  /// Waits until a datagram arrives, one is due, or 10 ms have passed.
  void waitForTraffic(double nowMs) const;

  /// Schedules what arrived, delivers what is due and forgets flows idle for a minute.
  void process(double nowMs);

  /// What the proxy did, as one JSON object.
  std::string summaryJson(double seconds) const;

 private:
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
  /// One client seen on the listening socket.
  struct Flow {
    sockaddr_in client{};
    int upstream = -1;
    double lastActivityMs = 0.0;
  };
  struct AddressLess {
    bool operator()(const sockaddr_in& a, const sockaddr_in& b) const {
      return std::tie(a.sin_addr.s_addr, a.sin_port) < std::tie(b.sin_addr.s_addr, b.sin_port);
    }
  };

  std::vector<pollfd> sockets() const;
  void receiveFrom(int fd, double nowMs);
  void fromClient(const sockaddr_in& from, std::vector<char> bytes, double nowMs);
  void fromServer(int fd, const std::vector<char>& bytes, double nowMs);
  void schedule(const LinkConditioner::Decision& decision, int fd, const sockaddr_in& to,
                const std::vector<char>& bytes);
  void deliverDue(double nowMs);
  void forgetIdleFlows(double nowMs);

  sockaddr_in server_;
  LinkConditioner upstream_;
  LinkConditioner downstream_;
  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::map<sockaddr_in, Flow, AddressLess> flows_;
  std::priority_queue<Scheduled, std::vector<Scheduled>, std::greater<>> queue_;
  std::uint64_t order_ = 0;
  std::vector<char> buffer_;
};

}  // namespace coyote
