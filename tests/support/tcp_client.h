#pragma once

// A bare TCP connection from a chosen loopback address, for tests that play HTTP clients the
// server must survive: slow ones, idle ones, ones with absurd headers.

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>

namespace coyote::test {

class TcpClient {
 public:
  /// Connects from `from` (a 127.x.y.z address) to 127.0.0.1:`port`; `connected()` says if it did.
  TcpClient(int port, const std::string& from) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in local{};
    local.sin_family = AF_INET;
    inet_pton(AF_INET, from.c_str(), &local.sin_addr);
    sockaddr_in remote{};
    remote.sin_family = AF_INET;
    remote.sin_port = htons(static_cast<std::uint16_t>(port));
    inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
    connected_ = fd_ >= 0 && bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) == 0 &&
                 connect(fd_, reinterpret_cast<sockaddr*>(&remote), sizeof remote) == 0;
    if (connected_) {
      fcntl(fd_, F_SETFL, fcntl(fd_, F_GETFL) | O_NONBLOCK);
    }
  }
  ~TcpClient() {
    if (fd_ >= 0) {
      close(fd_);
    }
  }
  TcpClient(const TcpClient&) = delete;
  TcpClient& operator=(const TcpClient&) = delete;

  bool connected() const { return connected_; }

  /// Sends what it can of `bytes` now; false once the server has closed the connection.
  bool send(const std::string& bytes) {
    return ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) >= 0;
  }

  /// Closing will reset the connection (no TIME_WAIT left behind): for a test that opens tens of
  /// thousands of them.
  void resetOnClose() {
    const linger abortive{1, 0};
    setsockopt(fd_, SOL_SOCKET, SO_LINGER, &abortive, sizeof abortive);
  }

  /// Says it will send nothing more (a FIN): the server sees the request end here.
  void finishSending() { shutdown(fd_, SHUT_WR); }

  /// Reads what has arrived (appended to `received()`); true once the server closed its side.
  bool drain() {
    char buffer[65536];
    for (;;) {
      const ssize_t got = recv(fd_, buffer, sizeof buffer, 0);
      if (got > 0) {
        received_.append(buffer, static_cast<std::size_t>(got));
        continue;
      }
      if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
        closedByServer_ = true;
      }
      return closedByServer_;
    }
  }
  /// Reads until the server closes or `seconds` pass; true if it closed.
  bool readUntilClosed(double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (!drain() && std::chrono::steady_clock::now() < deadline) {
      pollfd events{fd_, POLLIN, 0};
      poll(&events, 1, 10);
    }
    return closedByServer_;
  }
  const std::string& received() const { return received_; }
  bool closedByServer() const { return closedByServer_; }

 private:
  int fd_;
  bool connected_ = false;
  bool closedByServer_ = false;
  std::string received_;
};

}  // namespace coyote::test
