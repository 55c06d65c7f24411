#include "http/http_client.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <memory>
#include <utility>

#include <fmt/format.h>
#include <http_parser.h>

#include "http/http_link.h"
#include "platform/stream_socket.h"

namespace coyote::http {
namespace {

using Clock = platform::Clock;
using platform::StreamSocket;

SecureConnector secureConnector = nullptr;

Clock::time_point after(Clock::time_point start, double seconds) {
  return start +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

/// The connection as it is: plain HTTP.
class PlainLink final : public Link {
 public:
  explicit PlainLink(StreamSocket socket) : socket_(std::move(socket)) {}
  bool sendAll(std::string_view bytes, Clock::time_point deadline) override {
    return socket_.sendAll(bytes, deadline);
  }
  StreamSocket::Received receive(char* buffer, std::size_t size,
                                 Clock::time_point deadline) override {
    return socket_.receive(buffer, size, deadline);
  }

 private:
  StreamSocket socket_;
};

/// A connection to `request`'s peer, secured when it asks for it; null and what went wrong.
std::unique_ptr<Link> open(const ClientRequest& request, const ClientLimits& limits,
                           Clock::time_point start, Clock::time_point deadline,
                           std::string& error) {
  const std::string peer = fmt::format("{}:{}", request.host, request.port);
  if (request.secure && secureConnector == nullptr) {
    error = fmt::format("no TLS with {}: this program was built without it", peer);
    return nullptr;
  }
  std::string why;
  std::optional<StreamSocket> socket = StreamSocket::connect(
      request.host, request.port, std::min(deadline, after(start, limits.connectSeconds)), why);
  if (!socket) {
    error = fmt::format("no connection to {}: {}", peer, why);
    return nullptr;
  }
  if (!request.secure) {
    return std::make_unique<PlainLink>(std::move(*socket));
  }
  std::unique_ptr<Link> link = secureConnector(std::move(*socket), request.host, deadline, why);
  if (!link) {
    error = fmt::format("no TLS with {}: {}", peer, why);
  }
  return link;
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
std::string readAnswer(Link& link, Answer& answer, const ClientLimits& limits,
                       Clock::time_point deadline, const std::string& peer) {
  const http_parser_settings settings = parserSettings();
  http_parser parser;
  http_parser_init(&parser, HTTP_RESPONSE);
  parser.data = &answer;
  std::size_t total = 0;
  char buffer[4096];
  while (!answer.complete) {
    const StreamSocket::Received received = link.receive(buffer, sizeof buffer, deadline);
    if (received.timedOut) {
      return fmt::format("no whole answer from {} within {} s", peer, limits.totalSeconds);
    }
    if (!received.error.empty()) {
      return fmt::format("reading the answer from {}: {}", peer, received.error);
    }
    total += received.bytes;
    if (total > limits.answerBytes) {
      return fmt::format("answer from {} longer than {} bytes", peer, limits.answerBytes);
    }
    http_parser_execute(&parser, &settings, buffer, received.bytes);
    if (received.bytes == 0 && !answer.complete) {
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

void setSecureConnector(SecureConnector connector) {
  secureConnector = connector;
}

std::optional<ClientResponse> fetch(const ClientRequest& request, const ClientLimits& limits,
                                    std::string& error) {
  const std::string text = requestText(request, error);
  if (text.empty()) {
    return std::nullopt;
  }
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline = after(start, limits.totalSeconds);
  const std::string peer = fmt::format("{}:{}", request.host, request.port);
  const std::unique_ptr<Link> link = open(request, limits, start, deadline, error);
  if (!link) {
    return std::nullopt;
  }
  if (!link->sendAll(text, deadline)) {
    error = fmt::format("could not send the request to {}", peer);
    return std::nullopt;
  }
  Answer answer;
  error = readAnswer(*link, answer, limits, deadline, peer);
  if (!error.empty()) {
    return std::nullopt;
  }
  return std::move(answer.response);
}

}  // namespace coyote::http
