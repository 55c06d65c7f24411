#include "client/core/server_query.h"

#include <algorithm>
#include <array>
#include <random>

#include <fmt/format.h>

namespace coyote {
namespace {

std::string addressText(const ENetAddress& address) {
  std::array<char, 64> ip{};
  enet_address_get_host_ip(&address, ip.data(), ip.size());
  return fmt::format("{}:{}", ip.data(), address.port);
}

}  // namespace

ServerQuery::ServerQuery(std::vector<std::pair<std::string, std::uint16_t>> servers,
                         std::vector<std::uint16_t> lanPorts, const std::string& broadcast)
    : socket_(enet_socket_create(ENET_SOCKET_TYPE_DATAGRAM)), nonceBase_(std::random_device{}()) {
  if (socket_ != ENET_SOCKET_NULL) {
    ENetAddress any{};
    any.host = ENET_HOST_ANY;
    enet_socket_bind(socket_, &any);
    enet_socket_set_option(socket_, ENET_SOCKOPT_NONBLOCK, 1);
    enet_socket_set_option(socket_, ENET_SOCKOPT_BROADCAST, 1);
  }
  for (const auto& [host, port] : servers) {
    Target target;
    if (enet_address_set_host(&target.address, host.c_str()) != 0) {
      continue;  // a name that does not resolve lists nothing
    }
    target.address.port = port;
    target.text = fmt::format("{}:{}", host, port);
    targets_.push_back(target);
  }
  for (const std::uint16_t port : lanPorts) {
    Target target;
    if (enet_address_set_host_ip(&target.address, broadcast.c_str()) != 0) {
      break;
    }
    target.address.port = port;
    target.broadcast = true;
    targets_.push_back(target);
  }
}

ServerQuery::~ServerQuery() {
  if (socket_ != ENET_SOCKET_NULL) {
    enet_socket_destroy(socket_);
  }
}

void ServerQuery::update(double now) {
  if (socket_ == ENET_SOCKET_NULL) {
    return;
  }
  for (Target& target : targets_) {
    const bool answered = !target.broadcast && heard_.count(addressText(target.address)) != 0;
    if (!answered && target.tries < kTries &&
        (target.lastSentAt < 0.0 || now - target.lastSentAt >= kRetrySeconds)) {
      send(target.address, 0, now);
      ++target.tries;
      target.lastSentAt = now;
    }
  }
  // The rooms a reply could not hold: asked for from where it stopped.
  for (auto& [key, heard] : heard_) {
    const std::size_t rooms =
        std::min<std::size_t>(heard.listing.info.roomCount, net::kMaxInfoRooms);
    if (heard.nextRoom < rooms &&
        (heard.pageSentAt < 0.0 || now - heard.pageSentAt >= kRetrySeconds)) {
      send(heard.from, heard.nextRoom, now);
      heard.pageSentAt = now;
    }
  }
  receive(now);
}

void ServerQuery::send(const ENetAddress& to, std::uint16_t firstRoom, double now) {
  if (requestSentAt_.size() >= kMaxRequests) {
    return;
  }
  const auto request = net::encodeInfoRequest(
      {nonceBase_ + static_cast<std::uint32_t>(requestSentAt_.size()), firstRoom});
  requestSentAt_.push_back(now);
  ENetBuffer buffer;
  buffer.data = const_cast<std::uint8_t*>(request.data());  // ENet's buffer is not const
  buffer.dataLength = request.size();
  enet_socket_send(socket_, &to, &buffer, 1);
}

void ServerQuery::receive(double now) {
  std::array<std::uint8_t, net::kMaxInfoReplySize + 1> bytes{};
  for (;;) {
    ENetAddress from{};
    ENetBuffer buffer;
    buffer.data = bytes.data();
    buffer.dataLength = bytes.size();
    const int received = enet_socket_receive(socket_, &from, &buffer, 1);
    if (received <= 0) {
      return;  // nothing more (or an error, which the next update meets again)
    }
    std::string error;
    const auto info = net::parseServerInfo(
        std::span<const std::uint8_t>(bytes.data(), static_cast<std::size_t>(received)), error);
    if (!info) {
      ++dropped_;
      continue;
    }
    take(from, *info, now);
  }
}

void ServerQuery::take(const ENetAddress& from, const net::ServerInfo& info, double now) {
  const std::uint32_t request = info.nonce - nonceBase_;
  const std::string key = addressText(from);
  auto found = heard_.find(key);
  if (request >= requestSentAt_.size() ||
      (found == heard_.end() && (info.firstRoom != 0 || heard_.size() >= kMaxServers))) {
    ++dropped_;  // not ours, or a page of a server we never heard from
    return;
  }
  if (found == heard_.end()) {
    Heard heard;
    heard.from = from;
    heard.listing.address = key;
    heard.listing.lan = true;
    for (const Target& target : targets_) {
      if (!target.broadcast && target.address.host == from.host &&
          target.address.port == from.port) {
        heard.listing.address = target.text;
        heard.listing.lan = false;
      }
    }
    heard.listing.pingMs = (now - requestSentAt_[request]) * 1000.0;
    heard.listing.info = info;
    heard.nextRoom = static_cast<std::uint16_t>(info.rooms.size());
    heard_.emplace(key, std::move(heard));
    return;
  }
  Heard& heard = found->second;
  if (info.firstRoom != heard.nextRoom) {
    return;  // a page asked twice, already taken
  }
  std::vector<net::RoomInfo>& rooms = heard.listing.info.rooms;
  rooms.insert(rooms.end(), info.rooms.begin(), info.rooms.end());
  heard.nextRoom = info.rooms.empty() ? heard.listing.info.roomCount  // nothing more to come
                                      : static_cast<std::uint16_t>(rooms.size());
  heard.pageSentAt = -1.0;
}

std::vector<ServerListing> ServerQuery::servers() const {
  std::vector<ServerListing> listings;
  for (const auto& [key, heard] : heard_) {
    listings.push_back(heard.listing);
  }
  return listings;
}

}  // namespace coyote
