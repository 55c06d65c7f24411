#pragma once

#include <arpa/inet.h>

#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "server/rooms/room.h"
#include "server/session/outbox.h"
#include "support/network.h"
#include "wire/codec.h"

namespace coyote::test {

/// What went out through the one door, kept instead of sent: every message with its channel and
/// the goodbye of each one kicked. For the chat,
/// votes and moderation (`chatOnly`), anything but a chat line fails the test.
class RecordingOutbox final : public Outbox {
 public:
  struct Sent {
    const Connection* to;
    net::Channel channel;
    net::Message message;
  };

  explicit RecordingOutbox(bool chatOnly = true) : chatOnly_(chatOnly) {}

  void send(Connection& to, std::span<const std::uint8_t> encoded, net::Channel channel) override {
    std::string error;
    const std::optional<net::Message> message = net::decode(encoded, error);
    ASSERT_TRUE(message) << error;
    ASSERT_TRUE(!chatOnly_ || std::holds_alternative<net::ChatLine>(*message))
        << "not a chat line: " << net::messageName(*message);
    sent.push_back({&to, channel, *message});
  }
  void close(Connection& connection, const Closing& why, double now) override {
    goodbyes[&connection] = why.reason;
    connection.ending = Connection::Ending{why, now};
  }
  /// The messages of type `M` sent to `to`, in order, each with its channel.
  template <class M>
  std::vector<std::pair<net::Channel, M>> sentTo(const Connection& to) const {
    std::vector<std::pair<net::Channel, M>> out;
    for (const Sent& each : sent) {
      if (each.to == &to && std::holds_alternative<M>(each.message)) {
        out.emplace_back(each.channel, std::get<M>(each.message));
      }
    }
    return out;
  }
  /// The texts `connection` received, "name: text" for a player's line.
  std::vector<std::string> texts(const Connection& connection) const {
    std::vector<std::string> out;
    for (const auto& [channel, line] : sentTo<net::ChatLine>(connection)) {
      out.push_back(line.name.empty() ? line.text : line.name + ": " + line.text);
    }
    return out;
  }

  std::vector<Sent> sent;
  std::map<const Connection*, std::string> goodbyes;

 private:
  bool chatOnly_;
};

/// Connections without a socket (no ENet peer) that enter real rooms as a Hello would have them.
struct SocketlessPeople {
  std::vector<std::unique_ptr<Connection>> connections;

  /// A player named `name`, from `host`, in `room`.
  Connection& join(Room& room, const std::string& name, const std::string& host = "127.0.0.1") {
    Connection& connection = add(host);
    const int slot = room.claimSlot(name, connection.fingerprint);
    EXPECT_GE(slot, 0) << name;
    room.admitPlayer(connection, slot, false);
    room.enter(connection);
    return connection;
  }
  Connection& watch(Room& room, const std::string& host = "127.0.0.1") {
    Connection& connection = add(host);
    EXPECT_TRUE(room.admitSpectator(connection));
    room.enter(connection);
    return connection;
  }

 private:
  Connection& add(const std::string& host) {
    connections.push_back(std::make_unique<Connection>());
    connections.back()->host = host;
    inet_pton(AF_INET, host.c_str(), &connections.back()->ipv4);  // network order, as ENet's
    connections.back()->address = host + ":1234";
    return *connections.back();
  }
};

/// A real Room whose connections have no socket (no ENet peer).
struct SocketlessRoom {
  ServerConfig config = testServerConfig();
  Level level = networkTestLevel();
  Room room;
  SocketlessPeople people;

  explicit SocketlessRoom(const std::string& name = "main")
      : room(name, level, config, quietLogger(), "") {}

  /// A player named `name`, from `host`.
  Connection& join(const std::string& name, const std::string& host = "127.0.0.1") {
    return people.join(room, name, host);
  }
  Connection& watch(const std::string& host = "127.0.0.1") { return people.watch(room, host); }
};

}  // namespace coyote::test
