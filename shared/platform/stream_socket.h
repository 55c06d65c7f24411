#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace coyote::platform {

using Clock = std::chrono::steady_clock;

/// A non-blocking TCP connection, closed when it goes out of scope: what the HTTP client
/// (shared/http/http_client.cpp) needs of the system's sockets. POSIX sockets on Linux
/// (stream_socket_posix.cpp), Winsock on Windows (stream_socket_windows.cpp).
class StreamSocket {
 public:
  StreamSocket() = default;
  StreamSocket(const StreamSocket&) = delete;
  StreamSocket& operator=(const StreamSocket&) = delete;
  StreamSocket(StreamSocket&& other) noexcept;
  StreamSocket& operator=(StreamSocket&& other) noexcept;
  ~StreamSocket();

  /// A connection to one of `host`'s addresses on `port` made before `deadline`, or none and why.
  static std::optional<StreamSocket> connect(const std::string& host, int port,
                                             Clock::time_point deadline, std::string& why);

  /// Sends all of `bytes` before `deadline`; false if it could not.
  bool sendAll(std::string_view bytes, Clock::time_point deadline) const;

  /// What a read brought: bytes (0 at the end of the stream), or an error, or nothing in time.
  struct Received {
    std::size_t bytes = 0;
    bool timedOut = false;
    std::string error;  ///< the system's words when the read failed
  };
  /// Waits until `deadline` for bytes and reads up to `size` of them into `buffer`.
  Received receive(char* buffer, std::size_t size, Clock::time_point deadline) const;

  /// True when ready for `writing` (else reading) or in error (the next call reports it); false
  /// when `deadline` passed first. What a TLS layer over the socket waits with.
  bool waitFor(bool writing, Clock::time_point deadline) const;
  /// The file descriptor (a Winsock SOCKET on Windows), still owned by this socket.
  std::intptr_t handle() const { return handle_; }

 private:
  explicit StreamSocket(std::intptr_t handle) : handle_(handle) {}

  std::intptr_t handle_ = -1;  ///< a file descriptor, or a Winsock SOCKET
};

}  // namespace coyote::platform
