#include "client/core/server_query.h"

#include <algorithm>
#include <array>
#include <random>

#include <fmt/format.h>

#include "util/monotonic_clock.h"

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
    catcher_ = std::make_unique<ReplyCatcher>(socket_);
  }
  for (const std::uint16_t port : lanPorts) {
    // The broadcast, and this machine: a broadcast does not always come back to its sender's
    // own host (a container, a firewall), and a server started here is on the LAN too.
    for (const std::string& to : {broadcast, std::string("127.0.0.1")}) {
      Target target;
      if (enet_address_set_host_ip(&target.address, to.c_str()) == 0) {
        target.address.port = port;
        target.broadcast = true;
        targets_.push_back(target);
      }
    }
  }
  for (const auto& [host, port] : servers) {
    add(host, port);
  }
}

ServerQuery::~ServerQuery() {
  catcher_.reset();  // its thread stops reading before the socket goes
  if (socket_ != ENET_SOCKET_NULL) {
    enet_socket_destroy(socket_);
  }
}

std::uint64_t ServerQuery::key(const ENetAddress& address) {
  return (static_cast<std::uint64_t>(address.host) << 16) | address.port;
}

void ServerQuery::add(const std::string& host, std::uint16_t port) {
  Target target;
  // A literal address needs no lookup; a name is resolved now (a favourite or a recent server).
  if (targets_.size() >= kMaxTargets ||
      (enet_address_set_host_ip(&target.address, host.c_str()) != 0 &&
       enet_address_set_host(&target.address, host.c_str()) != 0)) {
    return;  // a name that does not resolve lists nothing
  }
  target.address.port = port;
  target.text = fmt::format("{}:{}", host, port);
  if (portsOf_[target.address.host] >= kMaxPortsPerAddress) {
    return;  // as many ports of that address as anyone runs: the rest of the list is a lie
  }
  if (targetIndex_.emplace(key(target.address), targets_.size()).second) {
    targets_.push_back(target);
    ++portsOf_[target.address.host];
  }
}

std::size_t ServerQuery::requestsTo(const std::string& ip) const {
  ENetAddress address{};
  if (enet_address_set_host_ip(&address, ip.c_str()) != 0) {
    return 0;
  }
  const auto found = sentTo_.find(address.host);
  return found == sentTo_.end() ? 0 : found->second;
}

std::size_t ServerQuery::waiting() const {
  return targets_.size() - firstUnasked_;
}

void ServerQuery::update(double now) {
  if (socket_ == ENET_SOCKET_NULL) {
    return;
  }
  receive();  // what came in while the frame was drawn, timed as it came
  askTargets(now);
  askForMoreRooms(now);
}

void ServerQuery::askTargets(double now) {
  for (std::size_t i = 0; i < firstUnasked_; ++i) {  // again, the ones not heard from yet
    Target& target = targets_[i];
    if (!target.answered && target.tries < kTries && now - target.lastSentAt >= kRetrySeconds) {
      if (!send(target.address, 0, now)) {
        if (!pacing_.available(now)) {
          return;  // the pacing: the rest go on later updates
        }
        continue;  // its address had its share this second: the others go on
      }
      ++target.tries;
      target.lastSentAt = now;
    }
  }
  while (firstUnasked_ < targets_.size() && send(targets_[firstUnasked_].address, 0, now)) {
    targets_[firstUnasked_].tries = 1;
    targets_[firstUnasked_].lastSentAt = now;
    ++firstUnasked_;
  }
}

// The rooms a reply could not hold: asked for from where it stopped.
void ServerQuery::askForMoreRooms(double now) {
  for (auto& [text, heard] : heard_) {
    const std::size_t rooms =
        std::min<std::size_t>(heard.listing.info.roomCount, net::kMaxInfoRooms);
    if (heard.nextRoom < rooms &&
        (heard.pageSentAt < 0.0 || now - heard.pageSentAt >= kRetrySeconds) &&
        send(heard.from, heard.nextRoom, now)) {
      heard.pageSentAt = now;
    }
  }
}

bool ServerQuery::send(const ENetAddress& to, std::uint16_t firstRoom, double now) {
  TokenBucket& address =
      perAddress_.try_emplace(to.host, kQueriesPerAddressPerSecond, kQueriesPerAddressPerSecond)
          .first->second;
  if (requestSentAt_.size() >= kMaxRequests || !pacing_.available(now) || !address.admit(now)) {
    return false;
  }
  pacing_.admit(now);
  ++sentTo_[to.host];
  const auto request = net::encodeInfoRequest(
      {nonceBase_ + static_cast<std::uint32_t>(requestSentAt_.size()), firstRoom});
  requestSentAt_.push_back(monotonicSeconds());  // the ping's start: the network's, not `now`
  ENetBuffer buffer;
  buffer.data = const_cast<std::uint8_t*>(request.data());  // ENet's buffer is not const
  buffer.dataLength = request.size();
  enet_socket_send(socket_, &to, &buffer, 1);
  return true;
}

void ServerQuery::receive() {
  for (const ReplyCatcher::Arrival& arrival : catcher_->take(dropped_)) {
    std::string error;
    const auto info = net::parseServerInfo(arrival.bytes, error);
    if (!info) {
      ++dropped_;
      continue;
    }
    take(arrival.from, *info, arrival.at);
  }
}

void ServerQuery::take(const ENetAddress& from, const net::ServerInfo& info, double arrivedAt) {
  const std::uint32_t request = info.nonce - nonceBase_;
  const std::string key = addressText(from);
  auto found = heard_.find(key);
  const auto target = targetIndex_.find(ServerQuery::key(from));
  const bool named = target != targetIndex_.end();
  if (request >= requestSentAt_.size() ||
      (found == heard_.end() &&
       (info.firstRoom != 0 || (!named && unasked_ >= kMaxUnaskedServers)))) {
    ++dropped_;  // not ours, or a page of a server we never heard from
    return;
  }
  if (found == heard_.end()) {
    Heard heard;
    heard.from = from;
    heard.listing.address = named ? targets_[target->second].text : key;
    heard.listing.lan = !named;
    unasked_ += named ? 0 : 1;
    if (named) {
      targets_[target->second].answered = true;
    }
    heard.listing.pingMs = (arrivedAt - requestSentAt_[request]) * 1000.0;
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
    if (!duplicateOnThisMachine(heard.listing)) {
      listings.push_back(heard.listing);
    }
  }
  return listings;
}

// A server on this machine that hears the broadcast answers it from its LAN address, and the
// question to 127.0.0.1 from there: the same port and name heard on the LAN is the same server.
bool ServerQuery::duplicateOnThisMachine(const ServerListing& listing) const {
  if (!listing.lan || !listing.address.starts_with("127.0.0.1:")) {
    return false;
  }
  const std::string port = listing.address.substr(listing.address.find(':'));
  return std::any_of(heard_.begin(), heard_.end(), [&](const auto& entry) {
    const ServerListing& other = entry.second.listing;
    return other.lan && &other != &listing && other.address.ends_with(port) &&
           !other.address.starts_with("127.0.0.1:") && other.info.name == listing.info.name;
  });
}

}  // namespace coyote
