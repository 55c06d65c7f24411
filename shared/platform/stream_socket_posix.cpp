#include "platform/stream_socket.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <utility>

namespace coyote::platform {

StreamSocket::StreamSocket(StreamSocket&& other) noexcept
    : handle_(std::exchange(other.handle_, -1)) {}

StreamSocket& StreamSocket::operator=(StreamSocket&& other) noexcept {
  std::swap(handle_, other.handle_);
  return *this;
}

StreamSocket::~StreamSocket() {
  if (handle_ >= 0) {
    close(static_cast<int>(handle_));
  }
}

bool StreamSocket::waitFor(bool writing, Clock::time_point deadline) const {
  for (;;) {
    const Clock::time_point now = Clock::now();
    if (now >= deadline) {
      return false;
    }
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
    pollfd entry{static_cast<int>(handle_), static_cast<short>(writing ? POLLOUT : POLLIN), 0};
    const int ready = poll(&entry, 1, static_cast<int>(std::min<long long>(left, 60000)));
    if (ready > 0 || (ready < 0 && errno != EINTR)) {
      return true;
    }
  }
}

std::optional<StreamSocket> StreamSocket::connect(const std::string& host, int port,
                                                  Clock::time_point deadline, std::string& why) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int lookup = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (lookup != 0) {
    why = gai_strerror(lookup);
    return std::nullopt;
  }
  const std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> addresses(found, freeaddrinfo);
  why = "no address";
  for (const addrinfo* address = found; address != nullptr; address = address->ai_next) {
    StreamSocket socket(::socket(address->ai_family,
                                 address->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                                 address->ai_protocol));
    const int fd = static_cast<int>(socket.handle_);
    if (fd < 0 ||
        (::connect(fd, address->ai_addr, address->ai_addrlen) != 0 && errno != EINPROGRESS)) {
      why = std::strerror(errno);
      continue;
    }
    if (!socket.waitFor(true, deadline)) {
      why = "timed out";
      return std::nullopt;
    }
    int failure = 0;
    socklen_t length = sizeof failure;
    getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length);
    if (failure == 0) {
      return socket;
    }
    why = std::strerror(failure);
  }
  return std::nullopt;
}

bool StreamSocket::sendAll(std::string_view bytes, Clock::time_point deadline) const {
  while (!bytes.empty()) {
    if (!waitFor(true, deadline)) {
      return false;
    }
    const ssize_t sent = send(static_cast<int>(handle_), bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno != EINTR && errno != EAGAIN) {
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
    const ssize_t received = recv(static_cast<int>(handle_), buffer, size, 0);
    if (received >= 0) {
      return {.bytes = static_cast<std::size_t>(received), .timedOut = false, .error = {}};
    }
    if (errno != EINTR && errno != EAGAIN) {
      return {.bytes = 0, .timedOut = false, .error = std::strerror(errno)};
    }
  }
}

}  // namespace coyote::platform
