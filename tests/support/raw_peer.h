#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <enet/enet.h>

#include "identity/player_key.h"
#include "net/connect_challenge.h"
#include "net/enet_host.h"
#include "wire/codec.h"

namespace coyote::test {

/// A bare ENet connection that sends whatever bytes a test wants: garbage, truncated messages,
/// lies. It is how the tests play a hostile or broken client. `poll()` services it without
/// waiting (a LoopbackMatch polls the peers it watches every turn). It asks for a connect cookie
/// like a real client, unless told which cookie to present (a forged one, say), from any
/// loopback address.
class RawPeer {
 public:
  explicit RawPeer(std::uint16_t port, std::optional<std::uint32_t> forcedCookie = std::nullopt,
                   const std::string& bindAddress = "")
      : host_(net::EnetHost::client(bindAddress)), forcedCookie_(forcedCookie.value_or(0)) {
    ENetAddress address{};
    enet_address_set_host_ip(&address, "127.0.0.1");
    address.port = port;
    server_ = {address.host, address.port};
    if (forcedCookie) {
      peer_ = enet_host_connect(host_.get(), &address, net::kChannelCount, *forcedCookie);
    } else {
      challenge_ = std::make_unique<net::ConnectChallenge>(host_, address);
    }
  }

  bool connected() const { return connected_; }
  /// Its CONNECT (with the server's cookie) is sent: from then on, a peer no longer polled
  /// leaves the server a half-open handshake.
  bool connectSent() const { return peer_ != nullptr; }
  /// What its socket sent and received through ENet (the cookie request is not counted).
  net::TrafficTotals traffic() const { return host_.traffic(); }
  bool disconnected() const { return disconnected_; }

  void sendBytes(const std::vector<std::uint8_t>& bytes, net::Channel channel) {
    if (peer_ == nullptr) {
      return;  // not connected yet: the test's own assertions say so
    }
    ENetPacket* packet =
        enet_packet_create(bytes.data(), bytes.size(),
                           channel == net::kReliableChannel ? ENET_PACKET_FLAG_RELIABLE : 0);
    if (enet_peer_send(peer_, channel, packet) < 0) {
      enet_packet_destroy(packet);  // not connected (any more): ENet did not take it
      return;
    }
    enet_host_flush(host_.get());
  }
  /// A Hello that carries no key yet goes signed with this peer's own key, as a client's would
  /// (docs/protocol.md#player-keys); one that carries a key goes as the test made it.
  void send(const net::Message& message, net::Channel channel) {
    if (const auto* hello = std::get_if<net::Hello>(&message); hello && hello->key.empty()) {
      sendBytes(net::encode(signedHello(*hello)), channel);
      return;
    }
    sendBytes(net::encode(message), channel);
  }
  /// `hello` signed by this peer's key for its cookie and the server's address.
  net::Hello signedHello(net::Hello hello) const {
    hello.key = key_.publicKey();
    hello.server = server_;
    hello.signature = key_.signHello(cookie(), server_);
    return hello;
  }
  /// The cookie its CONNECT carried (0 before it sent one).
  std::uint32_t cookie() const {
    return challenge_ != nullptr ? challenge_->cookie() : forcedCookie_;
  }
  const identity::PlayerKey& key() const { return key_; }
  /// Its Hellos are signed with `key` from now on (the same player on another connection).
  void useKey(const identity::PlayerKey& key) { key_ = key; }
  /// Its Hellos are signed for `server`, as if it had dialled that address.
  void signFor(const net::ServerEndpoint& server) { server_ = server; }

  /// Says goodbye at once (ENet's disconnect, sent now).
  void disconnect() {
    if (peer_ != nullptr) {
      enet_peer_disconnect_now(peer_, 0);
    }
  }

  /// Services the connection once at `now` (s), keeping what arrived.
  void poll(double now) {
    if (peer_ == nullptr && challenge_ != nullptr) {
      peer_ = challenge_->update(now);
    }
    ENetEvent event;
    while (enet_host_service(host_.get(), &event, 0) > 0) {
      if (event.type == ENET_EVENT_TYPE_CONNECT) {
        connected_ = true;
      } else if (event.type == ENET_EVENT_TYPE_DISCONNECT) {
        disconnected_ = true;
      } else if (event.type == ENET_EVENT_TYPE_RECEIVE) {
        std::size_t& largest = largest_[event.channelID == net::kReliableChannel ? 0 : 1];
        largest = std::max(largest, event.packet->dataLength);
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

  /// The largest packet that arrived on `channel`, bytes.
  std::size_t largestOn(net::Channel channel) const {
    return largest_[channel == net::kReliableChannel ? 0 : 1];
  }
  /// How many reliable commands arrived on `channel` (ENet numbers them in sequence; a packet
  /// sent reliably in fragments takes one a fragment).
  std::uint16_t reliableCommandsOn(net::Channel channel) const {
    return peer_ != nullptr && channel < peer_->channelCount
               ? peer_->channels[channel].incomingReliableSequenceNumber
               : 0;
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
  std::uint32_t forcedCookie_ = 0;
  net::ServerEndpoint server_;
  identity::PlayerKey key_ = identity::PlayerKey::generate();
  std::unique_ptr<net::ConnectChallenge> challenge_;
  ENetPeer* peer_ = nullptr;
  bool connected_ = false;
  bool disconnected_ = false;
  std::vector<net::Message> messages_;
  std::array<std::size_t, 2> largest_{};
};

}  // namespace coyote::test
