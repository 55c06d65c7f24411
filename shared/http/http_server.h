#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <spdlog/logger.h>

struct MHD_Daemon;
struct MHD_Connection;

namespace coyote {

/// The server's own HTTP port (docs/hosting.md#metrics-and-health): GNU libmicrohttpd on a
/// thread of its own, bounded so that slow or many clients cannot take it down. libmicrohttpd
/// serves many connections at once from one event loop (a slow one holds no worker), limits
/// connections per address and in total and the memory of each, and never answers a `Range`
/// header. On top of it this class keeps a whole-connection deadline (accept to close; a
/// connection serves one request, `Connection: close`), which libmicrohttpd's inactivity timeout
/// alone does not (a byte every second keeps a connection alive), and when the connections near
/// the limit it closes the oldest, so a flood of idle ones never keeps a health probe out.
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

  /// Binds `bind`:`port` (0: any free port) at once, or throws std::runtime_error naming them.
  HttpServer(const std::string& bind, int port, Limits limits, std::shared_ptr<spdlog::logger> log);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Answers `GET path` (and HEAD) with `handler`, called on the server's thread. Routes are
  /// set before `start`.
  void get(const std::string& path, Handler handler);
  /// Answers `method path` with `handler` (GET also answers HEAD).
  void route(const std::string& method, const std::string& path, RequestHandler handler);
  /// Answers `GET path` later: `handler` hands the work to a thread of its own and calls its
  /// reply when done. Meanwhile the connection waits suspended and this server's thread serves
  /// the others (a health probe is answered at once).
  void getDeferred(const std::string& path, DeferredHandler handler);
  void start();

  int port() const { return port_; }
  std::size_t maxBodyBytes() const { return limits_.bodyBytes; }
  /// Connections closed by the deadline or to make room for newer ones (for tests and logs).
  std::uint64_t connectionsCut() const { return connectionsCut_.load(); }

  /// libmicrohttpd's callbacks (C linkage needs plain functions; they forward here).
  Response answer(const Request& request) const;
  /// The answer to `request` now, or nullopt when a deferred route suspended `connection` until
  /// its reply (kept in `pending`).
  std::optional<Response> answerOrDefer(const Request& request, MHD_Connection* connection,
                                        std::shared_ptr<PendingReply>& pending);
  void connectionStarted(MHD_Connection* connection);
  void connectionClosed(MHD_Connection* connection);

 private:
  struct Tracked {
    MHD_Connection* connection;
    double startedAt;
    bool cut;
  };
  /// Connections whose deferred reply came, to resume on the server's thread.
  struct ReadyConnections {
    std::mutex mutex;
    std::vector<MHD_Connection*> connections;
  };
  void loop();
  /// Resumes the connections whose reply came; whether there were any.
  bool resumeReady();
  void enforceDeadlines();
  void cut(Tracked& tracked);

  Limits limits_;
  std::shared_ptr<spdlog::logger> log_;
  MHD_Daemon* daemon_ = nullptr;
  int port_ = 0;
  std::map<std::string, std::map<std::string, RequestHandler>> routes_;  ///< path → method →
  std::map<std::string, DeferredHandler> deferred_;                      ///< path → GET
  std::shared_ptr<ReadyConnections> ready_ = std::make_shared<ReadyConnections>();
  /// Connections waiting suspended for their reply (the server's thread's alone): resumed
  /// before the daemon stops, which libmicrohttpd requires of every suspended connection.
  std::vector<std::pair<MHD_Connection*, std::shared_ptr<PendingReply>>> suspended_;
  std::vector<Tracked> connections_;  ///< touched on the server's thread only
  std::atomic<std::uint64_t> connectionsCut_{0};
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace coyote
