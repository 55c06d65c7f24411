#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <enet/enet.h>

#include "net/codec.h"
#include "net/enet_host.h"

namespace coyote::test {

/// A bare ENet connection that sends whatever bytes a test wants: garbage, truncated messages,
/// lies. It is how the tests play a hostile or broken client.
class RawPeer {
 public:
  explicit RawPeer(std::uint16_t port) : host_(net::EnetHost::client()) {
    ENetAddress address{};
    enet_address_set_host_ip(&address, "127.0.0.1");
    address.port = port;
    peer_ = enet_host_connect(host_.get(), &address, net::kChannelCount, 0);
  }

  /// Services until connected; false after `timeoutMs`.
  bool waitConnected(int timeoutMs = 2000) {
    ENetEvent event;
    while (timeoutMs > 0) {
      if (enet_host_service(host_.get(), &event, 10) > 0) {
        if (event.type == ENET_EVENT_TYPE_CONNECT) {
          return true;
        }
        if (event.type == ENET_EVENT_TYPE_RECEIVE) {
          enet_packet_destroy(event.packet);
        }
      }
      timeoutMs -= 10;
    }
    return false;
  }

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

  /// Services for `ms` and returns the messages received; `disconnected` tells if the server
  /// closed the connection.
  std::vector<net::Message> receive(int ms, bool* disconnected = nullptr) {
    std::vector<net::Message> messages;
    ENetEvent event;
    for (int waited = 0; waited < ms; waited += 5) {
      while (enet_host_service(host_.get(), &event, 5) > 0) {
        if (event.type == ENET_EVENT_TYPE_RECEIVE) {
          std::string error;
          auto message = net::decode(
              std::span<const std::uint8_t>(event.packet->data, event.packet->dataLength), error);
          if (message) {
            messages.push_back(std::move(*message));
          }
          enet_packet_destroy(event.packet);
        } else if (event.type == ENET_EVENT_TYPE_DISCONNECT && disconnected != nullptr) {
          *disconnected = true;
        }
      }
    }
    return messages;
  }

 private:
  net::EnetHost host_;
  ENetPeer* peer_ = nullptr;
};

}  // namespace coyote::test
