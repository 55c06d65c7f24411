#include "server/handshake/server_addresses.h"

#include <algorithm>

#include <arpa/inet.h>
#include <fmt/format.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include "identity/hello_proof.h"

namespace coyote {
namespace {

constexpr double kInterfacesRereadSeconds = 10.0;

bool loopback(std::uint32_t host) {
  return (ntohl(host) >> 24) == 127;
}

}  // namespace

ServerAddresses::ServerAddresses(const std::vector<std::string>& publicAddresses,
                                 std::uint32_t boundHost, std::uint16_t port)
    : boundHost_(boundHost), port_(port) {
  for (const std::string& text : publicAddresses) {
    if (const auto endpoint = identity::parseEndpoint(text, port)) {
      public_.push_back(*endpoint);
    }
  }
  readInterfaces();
}

bool ServerAddresses::contains(const net::ServerEndpoint& endpoint, double now) {
  if (known(endpoint)) {
    return true;
  }
  if (boundHost_ != 0 || endpoint.port != port_ ||
      now - interfacesReadAt_ < kInterfacesRereadSeconds) {
    return false;
  }
  interfacesReadAt_ = now;
  readInterfaces();
  return known(endpoint);
}

void ServerAddresses::add(const net::ServerEndpoint& endpoint) {
  if (std::find(public_.begin(), public_.end(), endpoint) == public_.end()) {
    public_.push_back(endpoint);
  }
}

bool ServerAddresses::known(const net::ServerEndpoint& endpoint) const {
  if (std::find(public_.begin(), public_.end(), endpoint) != public_.end()) {
    return true;
  }
  // A client that dialled loopback runs on its own machine: whatever relays it there (a proxy
  // such as coyote-netsim, a port forward) is its own, not a stranger's.
  if (loopback(endpoint.host) && (boundHost_ == 0 || loopback(boundHost_))) {
    return true;
  }
  if (endpoint.port != port_) {
    return false;
  }
  if (boundHost_ != 0) {
    return endpoint.host == boundHost_;
  }
  return std::find(interfaces_.begin(), interfaces_.end(), endpoint.host) != interfaces_.end();
}

void ServerAddresses::readInterfaces() {
  interfaces_.clear();
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) {
    return;
  }
  for (const ifaddrs* entry = list; entry != nullptr; entry = entry->ifa_next) {
    if (entry->ifa_addr != nullptr && entry->ifa_addr->sa_family == AF_INET) {
      interfaces_.push_back(reinterpret_cast<const sockaddr_in*>(entry->ifa_addr)->sin_addr.s_addr);
    }
  }
  freeifaddrs(list);
}

std::string ServerAddresses::refusal(const net::ServerEndpoint& endpoint) {
  return fmt::format(
      "this server is not at {} as far as it knows: your Hello was signed for another server "
      "(its host may add the address to server.public_addresses)",
      identity::endpointText(endpoint));
}

}  // namespace coyote
