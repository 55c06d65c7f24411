#pragma once

#include <cstdint>
#include <span>

#include "net/connect_gate.h"
#include "net/enet_host.h"

namespace coyote::test {

/// The listening socket of a fake server: a bare ENet host that hands out connect cookies like
/// a real GameServer, so that a real ClientSession can connect to it, and leaves every message
/// to the test.
class FakeServerHost {
 public:
  FakeServerHost() {
    host_.setDatagramFilter([this](const ENetAddress& from, std::span<const std::uint8_t> bytes) {
      return gate_.screen(host_, from, bytes, now);
    });
  }
  FakeServerHost(const FakeServerHost&) = delete;
  FakeServerHost& operator=(const FakeServerHost&) = delete;

  ENetHost* get() const { return host_.get(); }

  double now = 0.0;  ///< the gate's clock (s), for a test that runs time forward
  std::uint16_t port() const { return host_.port(); }

 private:
  net::EnetHost host_ = net::EnetHost::listen("127.0.0.1", 0, net::HostLimits{4, 4});
  net::ConnectGate gate_;
};

}  // namespace coyote::test
