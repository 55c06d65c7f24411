#include "net/enet_host.h"

#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

#include "wire/codec.h"

namespace coyote::net {
namespace {

void initializeEnetOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (enet_initialize() != 0) {
      throw std::runtime_error("ENet could not be initialized");
    }
    std::atexit(enet_deinitialize);
  });
}

// ENet's intercept callback has no user pointer: the filters are found by their host.
struct FilterRegistry {
  std::mutex mutex;
  std::unordered_map<const ENetHost*, EnetHost::DatagramFilter*> filters;
};
FilterRegistry& filterRegistry() {
  static FilterRegistry registry;
  return registry;
}

int ENET_CALLBACK interceptDatagram(ENetHost* host, ENetEvent* /*event*/) {
  EnetHost::DatagramFilter* filter = nullptr;
  {
    FilterRegistry& registry = filterRegistry();
    std::lock_guard lock(registry.mutex);
    const auto found = registry.filters.find(host);
    filter = found == registry.filters.end() ? nullptr : found->second;
  }
  if (filter == nullptr) {
    return 0;
  }
  const std::span<const std::uint8_t> datagram(host->receivedData, host->receivedDataLength);
  return (*filter)(host->receivedAddress, datagram) ? 1 : 0;
}

void applyLimits(ENetHost* host, const HostLimits& limits) {
  host->duplicatePeers = limits.peersPerAddress;
  host->maximumPacketSize = limits.maximumPacketSize;
  host->maximumWaitingData = limits.maximumWaitingData;
}

}  // namespace

EnetHost EnetHost::listen(const std::string& bindAddress, std::uint16_t port,
                          const HostLimits& limits) {
  initializeEnetOnce();
  ENetAddress address{};
  if (enet_address_set_host_ip(&address, bindAddress.c_str()) != 0) {
    throw std::runtime_error(fmt::format("invalid bind address \"{}\"", bindAddress));
  }
  address.port = port;
  ENetHost* host = enet_host_create(&address, limits.peers, kChannelCount, 0, 0);
  if (host == nullptr) {
    throw std::runtime_error(
        fmt::format("cannot listen on {}:{} (port in use?)", bindAddress, port));
  }
  applyLimits(host, limits);
  return EnetHost(host);
}

EnetHost EnetHost::client(const std::string& bindAddress) {
  initializeEnetOnce();
  ENetAddress address{};
  if (!bindAddress.empty() && enet_address_set_host_ip(&address, bindAddress.c_str()) != 0) {
    throw std::runtime_error(fmt::format("invalid bind address \"{}\"", bindAddress));
  }
  ENetHost* host =
      enet_host_create(bindAddress.empty() ? nullptr : &address, 1, kChannelCount, 0, 0);
  if (host == nullptr) {
    throw std::runtime_error("cannot create a client socket");
  }
  applyLimits(host, HostLimits{});
  return EnetHost(host);
}

void EnetHost::Destroy::operator()(ENetHost* host) const {
  {
    FilterRegistry& registry = filterRegistry();
    std::lock_guard lock(registry.mutex);
    registry.filters.erase(host);
  }
  enet_host_destroy(host);
}

void EnetHost::setDatagramFilter(DatagramFilter filter) {
  FilterRegistry& registry = filterRegistry();
  std::lock_guard lock(registry.mutex);
  if (!filter) {
    registry.filters.erase(host_.get());
    host_->intercept = nullptr;
    filter_.reset();
    return;
  }
  filter_ = std::make_unique<DatagramFilter>(std::move(filter));
  registry.filters[host_.get()] = filter_.get();
  host_->intercept = interceptDatagram;
}

void EnetHost::sendDatagram(const ENetAddress& to, std::span<const std::uint8_t> datagram) const {
  ENetBuffer buffer;
  buffer.data = const_cast<std::uint8_t*>(datagram.data());  // ENet's buffer is not const
  buffer.dataLength = datagram.size();
  enet_socket_send(host_->socket, &to, &buffer, 1);
}

std::uint16_t EnetHost::port() const {
  ENetAddress address{};
  enet_socket_get_address(host_->socket, &address);
  return address.port;
}

TrafficTotals EnetHost::traffic() const {
  return {host_->totalSentData, host_->totalReceivedData, host_->totalSentPackets,
          host_->totalReceivedPackets};
}

void configureGamePeer(ENetPeer* peer, double reliableTimeoutSeconds) {
  const auto timeoutMs = static_cast<enet_uint32>(reliableTimeoutSeconds * 1000.0);
  enet_peer_timeout(peer, 0, timeoutMs, timeoutMs);
  enet_peer_throttle_configure(peer, ENET_PEER_PACKET_THROTTLE_INTERVAL,
                               ENET_PEER_PACKET_THROTTLE_SCALE, 0);
}

namespace {

void queue(ENetPeer* peer, std::span<const std::uint8_t> bytes, Channel channel,
           enet_uint32 flags) {
  ENetPacket* packet = enet_packet_create(bytes.data(), bytes.size(), flags);
  if (enet_peer_send(peer, channel, packet) != 0) {
    enet_packet_destroy(packet);
  }
}

}  // namespace

enet_uint32 packetFlags(Channel channel) {
  return channel == kReliableChannel ? ENET_PACKET_FLAG_RELIABLE
                                     : ENET_PACKET_FLAG_UNRELIABLE_FRAGMENT;
}

void sendMessage(ENetPeer* peer, const Message& message, Channel channel) {
  sendEncoded(peer, encode(message), channel);
}

void sendEncoded(ENetPeer* peer, std::span<const std::uint8_t> encoded, Channel channel) {
  queue(peer, encoded, channel, packetFlags(channel));
}

std::string peerAddress(const ENetPeer* peer) {
  char host[64] = {};
  enet_address_get_host_ip(&peer->address, host, sizeof(host));
  return fmt::format("{}:{}", host, peer->address.port);
}

std::string hostAddress(const ENetAddress& address) {
  char host[64] = {};
  enet_address_get_host_ip(&address, host, sizeof(host));
  return host;
}

}  // namespace coyote::net
