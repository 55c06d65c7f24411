// libFuzzer: the client's handling of what a server sends, through a fake server. For each
// input a fresh ClientSession joins a fake server on 127.0.0.1 and gets a valid Welcome; then
// the input, cut into messages (a 2-byte length before each), arrives on the reliable channel
// and the client keeps updating. It may end its session or play on; it must never crash, read
// or write out of bounds, or hang.
#include <cstdint>
#include <memory>
#include <vector>

#include <spdlog/sinks/null_sink.h>
#include <spdlog/spdlog.h>

#include "client/core/client_session.h"
#include "net/connect_gate.h"
#include "net/new_reconnect_token.h"
#include "wire/codec.h"

namespace {

using namespace coyote;

net::Welcome validWelcome() {
  net::Welcome welcome;
  welcome.playerSlot = 0;
  welcome.reconnectToken = net::newReconnectToken();
  welcome.sendRate = 20;
  welcome.level.width = 6;
  welcome.level.height = 4;
  welcome.level.tiles.assign(24, 0);
  for (int column = 0; column < 6; ++column) {
    welcome.level.tiles[18 + static_cast<std::size_t>(column)] = 1;  // a solid floor
  }
  welcome.level.spawns = {{2.5f, 3.0f}};
  welcome.level.materialRuns = {{24, 0}};  // every cell of the default material
  welcome.level.name = "fuzz";
  return welcome;
}

struct FakeServer {
  FakeServer() {
    host.setDatagramFilter([this](const ENetAddress& from, std::span<const std::uint8_t> bytes) {
      return gate.screen(host, from, bytes, 0.0);
    });
  }
  net::EnetHost host = net::EnetHost::listen("127.0.0.1", 0, net::HostLimits{4, 4});
  net::ConnectGate gate;
  std::vector<std::uint8_t> welcome = net::encode(net::Message{validWelcome()});
  std::shared_ptr<spdlog::logger> quiet =
      std::make_shared<spdlog::logger>("fuzz", std::make_shared<spdlog::sinks::null_sink_mt>());
};

void send(ENetPeer* peer, const std::uint8_t* bytes, std::size_t size) {
  enet_peer_send(peer, net::kReliableChannel,
                 enet_packet_create(bytes, size, ENET_PACKET_FLAG_RELIABLE));
}

/// Services the fake server once; returns the client's peer once its Hello arrived.
ENetPeer* serviceServer(FakeServer& server) {
  ENetEvent event;
  ENetPeer* hello = nullptr;
  while (enet_host_service(server.host.get(), &event, 0) > 0) {
    if (event.type == ENET_EVENT_TYPE_RECEIVE) {
      if (event.packet->dataLength > 0 && event.packet->data[0] == net::Hello::kType) {
        hello = event.peer;
      }
      enet_packet_destroy(event.packet);
    }
  }
  return hello;
}

/// Sends the input as messages: [length low, length high, bytes…]…
void sendMessages(ENetPeer* peer, const std::uint8_t* data, std::size_t size) {
  std::size_t at = 0;
  for (int count = 0; count < 16 && at + 2 <= size; ++count) {
    const std::size_t length = std::min<std::size_t>(data[at] | (data[at + 1] << 8), size - at - 2);
    if (length > 0) {
      send(peer, data + at + 2, length);
    }
    at += 2 + length;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static FakeServer server;
  ClientOptions options;
  options.port = server.host.port();
  ClientSession client(options, server.quiet);
  double now = 0.0;
  ENetPeer* peer = nullptr;
  const auto input = [](std::uint32_t) { return PlayerInput{}; };
  for (int turn = 0; turn < 2000 && peer == nullptr; ++turn) {
    client.update(now += 0.001, input);
    peer = serviceServer(server);
  }
  if (peer == nullptr) {
    return 0;  // the loopback handshake did not finish: nothing to test this time
  }
  send(peer, server.welcome.data(), server.welcome.size());
  sendMessages(peer, data, size);
  for (int turn = 0; turn < 40; ++turn) {
    client.update(now += 0.005, input);
    serviceServer(server);
  }
  enet_peer_reset(peer);
  return 0;
}
