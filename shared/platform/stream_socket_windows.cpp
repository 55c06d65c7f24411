#include "platform/stream_socket.h"

#include <winsock2.h>
#include <ws2tcpip.h>

#include <algorithm>
#include <memory>
#include <utility>

#include "platform/windows_text.h"

namespace coyote::platform {
namespace {

/// Winsock is started once per process (ENet starts it too; the count is Winsock's business).
bool winsockStarted() {
  static const bool started = [] {
    WSADATA data;
    return WSAStartup(MAKEWORD(2, 2), &data) == 0;
  }();
  return started;
}

}  // namespace

StreamSocket::StreamSocket(StreamSocket&& other) noexcept
    : handle_(std::exchange(other.handle_, -1)) {}

StreamSocket& StreamSocket::operator=(StreamSocket&& other) noexcept {
  std::swap(handle_, other.handle_);
  return *this;
}

StreamSocket::~StreamSocket() {
  if (handle_ != -1) {
    closesocket(static_cast<SOCKET>(handle_));
  }
}

bool StreamSocket::waitFor(bool writing, Clock::time_point deadline) const {
  for (;;) {
    const Clock::time_point now = Clock::now();
    if (now >= deadline) {
      return false;
    }
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
    WSAPOLLFD entry{static_cast<SOCKET>(handle_), static_cast<SHORT>(writing ? POLLOUT : POLLIN),
                    0};
    if (WSAPoll(&entry, 1, static_cast<INT>(std::min<long long>(left, 60000))) != 0) {
      return true;  // ready, or an error the next call reports
    }
  }
}

std::optional<StreamSocket> StreamSocket::connect(const std::string& host, int port,
                                                  Clock::time_point deadline, std::string& why) {
  if (!winsockStarted()) {
    why = "Winsock did not start";
    return std::nullopt;
  }
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int lookup = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (lookup != 0) {
    why = systemMessage(lookup);
    return std::nullopt;
  }
  const std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> addresses(found, freeaddrinfo);
  why = "no address";
  for (const addrinfo* address = found; address != nullptr; address = address->ai_next) {
    const SOCKET raw = ::socket(address->ai_family, address->ai_socktype, address->ai_protocol);
    StreamSocket socket(raw == INVALID_SOCKET ? -1 : static_cast<std::intptr_t>(raw));
    u_long nonBlocking = 1;
    if (raw == INVALID_SOCKET || ioctlsocket(raw, FIONBIO, &nonBlocking) != 0 ||
        (::connect(raw, address->ai_addr, static_cast<int>(address->ai_addrlen)) != 0 &&
         WSAGetLastError() != WSAEWOULDBLOCK)) {
      why = systemMessage(WSAGetLastError());
      continue;
    }
    if (!socket.waitFor(true, deadline)) {
      why = "timed out";
      return std::nullopt;
    }
    int failure = 0;
    int length = sizeof failure;
    getsockopt(raw, SOL_SOCKET, SO_ERROR, reinterpret_cast<char*>(&failure), &length);
    if (failure == 0) {
      return socket;
    }
    why = systemMessage(failure);
  }
  return std::nullopt;
}

bool StreamSocket::sendAll(std::string_view bytes, Clock::time_point deadline) const {
  while (!bytes.empty()) {
    if (!waitFor(true, deadline)) {
      return false;
    }
    const int chunk = static_cast<int>(std::min<std::size_t>(bytes.size(), 1 << 20));
    const int sent = send(static_cast<SOCKET>(handle_), bytes.data(), chunk, 0);
    if (sent == SOCKET_ERROR && WSAGetLastError() != WSAEWOULDBLOCK) {
      return false;
    }
    bytes.remove_prefix(sent > 0 ? static_cast<std::size_t>(sent) : 0);
  }
  return true;
}

StreamSocket::Received StreamSocket::receive(char* buffer, std::size_t size,
                                             Clock::time_point deadline) const {
  for (;;) {
    if (!waitFor(false, deadline)) {
      return {.bytes = 0, .timedOut = true, .error = {}};
    }
    const int chunk = static_cast<int>(std::min<std::size_t>(size, 1 << 20));
    const int received = recv(static_cast<SOCKET>(handle_), buffer, chunk, 0);
    if (received >= 0) {
      return {.bytes = static_cast<std::size_t>(received), .timedOut = false, .error = {}};
    }
    if (WSAGetLastError() != WSAEWOULDBLOCK) {
      return {.bytes = 0, .timedOut = false, .error = systemMessage(WSAGetLastError())};
    }
  }
}

}  // namespace coyote::platform
