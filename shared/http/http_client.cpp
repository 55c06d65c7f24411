#include "http/http_client.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <memory>
#include <utility>

#include <fmt/format.h>
#include <http_parser.h>

namespace coyote::http {
namespace {

using Clock = std::chrono::steady_clock;

Clock::time_point after(Clock::time_point start, double seconds) {
  return start +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

/// A socket closed when it goes out of scope.
class Socket {
 public:
  explicit Socket(int fd = -1) : fd_(fd) {}
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  Socket(Socket&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Socket& operator=(Socket&& other) noexcept {
    std::swap(fd_, other.fd_);
    return *this;
  }
  ~Socket() {
    if (fd_ >= 0) {
      close(fd_);
    }
  }
  int fd() const { return fd_; }

 private:
  int fd_;
};

/// Waits until `fd` is ready for `events` or `deadline` passes: true when ready (or in error,
/// which the next call on it reports).
bool waitFor(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    const Clock::time_point now = Clock::now();
    if (now >= deadline) {
      return false;
    }
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
    pollfd entry{fd, events, 0};
    const int ready = poll(&entry, 1, static_cast<int>(std::min<long long>(left, 60000)));
    if (ready > 0) {
      return true;
    }
    if (ready < 0 && errno != EINTR) {
      return true;
    }
  }
}

/// A non-blocking connection to one of the host's addresses, or why there is none.
std::optional<Socket> connectTo(const ClientRequest& request, Clock::time_point deadline,
                                std::string& why) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int lookup =
      getaddrinfo(request.host.c_str(), std::to_string(request.port).c_str(), &hints, &found);
  if (lookup != 0) {
    why = gai_strerror(lookup);
    return std::nullopt;
  }
  const std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> addresses(found, freeaddrinfo);
  why = "no address";
  for (const addrinfo* address = found; address != nullptr; address = address->ai_next) {
    Socket socket(::socket(address->ai_family, address->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                           address->ai_protocol));
    if (socket.fd() < 0 || (::connect(socket.fd(), address->ai_addr, address->ai_addrlen) != 0 &&
                            errno != EINPROGRESS)) {
      why = std::strerror(errno);
      continue;
    }
    if (!waitFor(socket.fd(), POLLOUT, deadline)) {
      why = "timed out";
      return std::nullopt;
    }
    int failure = 0;
    socklen_t length = sizeof failure;
    getsockopt(socket.fd(), SOL_SOCKET, SO_ERROR, &failure, &length);
    if (failure == 0) {
      return socket;
    }
    why = std::strerror(failure);
  }
  return std::nullopt;
}

/// Whether `field` is empty or holds a control character (or, with `noSpace`, a space).
bool unsafe(std::string_view field, bool noSpace) {
  return field.empty() || std::any_of(field.begin(), field.end(), [noSpace](char c) {
           const auto byte = static_cast<unsigned char>(c);
           return byte < ' ' || byte == 127 || (noSpace && byte == ' ');
         });
}

/// The request's bytes, or "" and why when a field would break the request line or a header.
std::string requestText(const ClientRequest& request, std::string& why) {
  for (const auto& [name, field] :
       {std::pair{"method", &request.method}, std::pair{"host", &request.host},
        std::pair{"path", &request.path}}) {
    if (unsafe(*field, true)) {
      why = fmt::format("the request's {} {:?} is empty or has a space or control character", name,
                        *field);
      return "";
    }
  }
  if (!request.body.empty() && unsafe(request.contentType, false)) {
    why = fmt::format("the request's content type {:?} is empty or has a control character",
                      request.contentType);
    return "";
  }
  const bool v6 = request.host.find(':') != std::string::npos;
  std::string text = fmt::format(
      "{} {} HTTP/1.1\r\nHost: {}{}{}:{}\r\nUser-Agent: coyote\r\nConnection: close\r\n",
      request.method, request.path, v6 ? "[" : "", request.host, v6 ? "]" : "", request.port);
  if (!request.body.empty() || request.method == "POST" || request.method == "PUT") {
    text += fmt::format("Content-Type: {}\r\nContent-Length: {}\r\n", request.contentType,
                        request.body.size());
  }
  return text + "\r\n" + request.body;
}

bool sendAll(int fd, std::string_view bytes, Clock::time_point deadline) {
  while (!bytes.empty()) {
    if (!waitFor(fd, POLLOUT, deadline)) {
      return false;
    }
    const ssize_t sent = send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno != EINTR && errno != EAGAIN) {
      return false;
    }
    bytes.remove_prefix(sent > 0 ? static_cast<std::size_t>(sent) : 0);
  }
  return true;
}

/// What http_parser's callbacks fill in.
struct Answer {
  ClientResponse response;
  bool complete = false;
};

http_parser_settings parserSettings() {
  http_parser_settings settings;
  http_parser_settings_init(&settings);
  settings.on_body = [](http_parser* parser, const char* at, std::size_t length) {
    static_cast<Answer*>(parser->data)->response.body.append(at, length);
    return 0;
  };
  settings.on_message_complete = [](http_parser* parser) {
    static_cast<Answer*>(parser->data)->complete = true;
    http_parser_pause(parser, 1);  // what follows the answer is not read
    return 0;
  };
  return settings;
}

/// Reads and parses until the answer is whole; "" or what went wrong, naming `peer`.
std::string readAnswer(int fd, Answer& answer, const ClientLimits& limits,
                       Clock::time_point deadline, const std::string& peer) {
  const http_parser_settings settings = parserSettings();
  http_parser parser;
  http_parser_init(&parser, HTTP_RESPONSE);
  parser.data = &answer;
  std::size_t total = 0;
  char buffer[4096];
  while (!answer.complete) {
    if (!waitFor(fd, POLLIN, deadline)) {
      return fmt::format("no whole answer from {} within {} s", peer, limits.totalSeconds);
    }
    const ssize_t received = recv(fd, buffer, sizeof buffer, 0);
    if (received < 0) {
      if (errno == EINTR || errno == EAGAIN) {
        continue;
      }
      return fmt::format("reading the answer from {}: {}", peer, std::strerror(errno));
    }
    total += static_cast<std::size_t>(received);
    if (total > limits.answerBytes) {
      return fmt::format("answer from {} longer than {} bytes", peer, limits.answerBytes);
    }
    http_parser_execute(&parser, &settings, buffer, static_cast<std::size_t>(received));
    if (received == 0 && !answer.complete) {
      return fmt::format("{} closed the connection before the whole answer", peer);
    }
    const auto problem = HTTP_PARSER_ERRNO(&parser);
    if (problem != HPE_OK && problem != HPE_PAUSED) {
      return fmt::format("malformed answer from {}: {}", peer, http_errno_description(problem));
    }
  }
  answer.response.status = static_cast<int>(parser.status_code);
  return "";
}

}  // namespace

std::optional<ClientResponse> fetch(const ClientRequest& request, const ClientLimits& limits,
                                    std::string& error) {
  const std::string text = requestText(request, error);
  if (text.empty()) {
    return std::nullopt;
  }
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline = after(start, limits.totalSeconds);
  const std::string peer = fmt::format("{}:{}", request.host, request.port);
  std::string why;
  const std::optional<Socket> socket =
      connectTo(request, std::min(deadline, after(start, limits.connectSeconds)), why);
  if (!socket) {
    error = fmt::format("no connection to {}: {}", peer, why);
    return std::nullopt;
  }
  if (!sendAll(socket->fd(), text, deadline)) {
    error = fmt::format("could not send the request to {}", peer);
    return std::nullopt;
  }
  Answer answer;
  error = readAnswer(socket->fd(), answer, limits, deadline, peer);
  if (!error.empty()) {
    return std::nullopt;
  }
  return std::move(answer.response);
}

}  // namespace coyote::http
