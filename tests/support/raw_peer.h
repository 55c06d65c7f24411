#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <enet/enet.h>

#include "net/codec.h"
#include "net/enet_host.h"

namespace coyote::test {

/// A bare ENet connection that sends whatever bytes a test wants: garbage, truncated messages,
/// lies. It is how the tests play a hostile or broken client. `poll()` services it without
/// waiting (a LoopbackMatch polls the peers it watches every turn).
class RawPeer {
 public:
  explicit RawPeer(std::uint16_t port) : host_(net::EnetHost::client()) {
    ENetAddress address{};
    enet_address_set_host_ip(&address, "127.0.0.1");
    address.port = port;
    peer_ = enet_host_connect(host_.get(), &address, net::kChannelCount, 0);
  }

  bool connected() const { return connected_; }
  bool disconnected() const { return disconnected_; }

  void sendBytes(const std::vector<std::uint8_t>& bytes, net::Channel channel) {
    ENetPacket* packet =
        enet_packet_create(bytes.data(), bytes.size(),
                           channel == net::kReliableChannel ? ENET_PACKET_FLAG_RELIABLE : 0);
    enet_peer_send(peer_, channel, packet);
    enet_host_flush(host_.get());
  }
  void send(const net::Message& message, net::Channel channel) {
    sendBytes(net::encode(message), channel);
  }

  /// Services the connection once, keeping what arrived.
  void poll() {
    ENetEvent event;
    while (enet_host_service(host_.get(), &event, 0) > 0) {
      if (event.type == ENET_EVENT_TYPE_CONNECT) {
        connected_ = true;
      } else if (event.type == ENET_EVENT_TYPE_DISCONNECT) {
        disconnected_ = true;
      } else if (event.type == ENET_EVENT_TYPE_RECEIVE) {
        std::string error;
        auto message = net::decode(
            std::span<const std::uint8_t>(event.packet->data, event.packet->dataLength), error);
        if (message) {
          messages_.push_back(std::move(*message));
        }
        enet_packet_destroy(event.packet);
      }
    }
  }

  /// The messages received since the last call.
  std::vector<net::Message> takeMessages() { return std::exchange(messages_, {}); }

  /// True if a message of type T arrived (and is still held); `match` may check its fields.
  template <class T, class Match>
  bool received(Match&& match) const {
    for (const net::Message& message : messages_) {
      if (const T* typed = std::get_if<T>(&message); typed != nullptr && match(*typed)) {
        return true;
      }
    }
    return false;
  }
  template <class T>
  bool received() const {
    return received<T>([](const T&) { return true; });
  }

 private:
  net::EnetHost host_;
  ENetPeer* peer_ = nullptr;
  bool connected_ = false;
  bool disconnected_ = false;
  std::vector<net::Message> messages_;
};

}  // namespace coyote::test
