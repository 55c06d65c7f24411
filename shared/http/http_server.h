#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace coyote {

/// An HTTP port a program serves (docs/hosting.md#metrics-and-health): its routes, what they
/// are given and answer, and its limits. MicroHttpServer (micro_http_server.h) is the one
/// implementation; the game server loads it as a module only when it serves HTTP
/// (server/modules/http_server_module.h), the master links it.
class HttpServer {
 public:
  struct Response {
    int status = 200;
    std::string contentType = "text/plain; charset=utf-8";
    std::shared_ptr<const std::string> body;
    std::vector<std::pair<std::string, std::string>> headers = {};  ///< beyond the content type
  };
  /// The request's query arguments (`?page=2&player=x`), decoded; at most kMaxArguments. A POST's
  /// form body (`application/x-www-form-urlencoded`) adds its own.
  using Query = std::map<std::string, std::string>;
  using Handler = std::function<Response(const Query&)>;
  static constexpr std::size_t kMaxArguments = 8;
  /// The longest request body read by default (Limits::bodyBytes); a longer one is answered 413.
  static constexpr std::size_t kMaxBodyBytes = 4096;

  /// What a route that needs more than the arguments is given.
  struct Request {
    std::string method;
    std::string path;
    Query arguments;
    std::string address;         ///< the client's IPv4 address, "a.b.c.d"
    std::string authorization;   ///< the Authorization header, "" if none
    std::string forwardedFor;    ///< the X-Forwarded-For header, "" if none
    std::string acceptEncoding;  ///< the Accept-Encoding header, "" if none
    std::string ifNoneMatch;     ///< the If-None-Match header, "" if none
    std::string contentType;     ///< the Content-Type header, "" if none
    std::string body;            ///< at most Limits::bodyBytes
  };
  using RequestHandler = std::function<Response(const Request&)>;
  /// How a deferred route answers: once, from any thread.
  using Reply = std::function<void(Response)>;
  using DeferredHandler = std::function<void(const Query&, Reply)>;
  /// A deferred answer on its way: the reply, once it came, and whether its connection waits
  /// suspended for it.
  struct PendingReply {
    std::mutex mutex;
    std::optional<Response> response;
    bool suspended = false;
  };

  struct Limits {
    std::size_t connections = 64;           ///< at once, in total
    std::size_t connectionsPerAddress = 8;  ///< at once, from one IP address
    double connectionSeconds = 5.0;         ///< from accept to close, whatever the client does
    unsigned idleSeconds = 2;               ///< without a byte either way
    std::size_t memoryPerConnection = 32 * 1024;  ///< request line, headers, buffers
    std::size_t bodyBytes = kMaxBodyBytes;        ///< the longest request body read
  };

  virtual ~HttpServer() = default;

  /// Answers `GET path` (and HEAD) with `handler`, called on the server's thread. Routes are
  /// set before `start`.
  virtual void get(const std::string& path, Handler handler) = 0;
  /// Answers `method path` with `handler` (GET also answers HEAD).
  virtual void route(const std::string& method, const std::string& path,
                     RequestHandler handler) = 0;
  /// Answers `GET path` later: `handler` hands the work to a thread of its own and calls its
  /// reply when done. Meanwhile the connection waits suspended and this server's thread serves
  /// the others (a health probe is answered at once).
  virtual void getDeferred(const std::string& path, DeferredHandler handler) = 0;
  virtual void start() = 0;

  virtual int port() const = 0;
  virtual std::size_t maxBodyBytes() const = 0;
  /// Connections closed by the deadline or to make room for newer ones (for tests and logs).
  virtual std::uint64_t connectionsCut() const = 0;
};

}  // namespace coyote
