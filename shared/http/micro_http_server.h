#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <spdlog/logger.h>

#include "http/http_server.h"

struct MHD_Daemon;
struct MHD_Connection;

namespace coyote {

/// An HTTP port (http_server.h) on GNU libmicrohttpd, on a thread of its own, bounded so that
/// slow or many clients cannot take it down. libmicrohttpd serves many connections at once from one
/// event loop (a slow one holds no worker), limits connections per address and in total and the
/// memory of each, and never answers a `Range` header. On top of it this class keeps a
/// whole-connection deadline (accept to close; a connection serves one request, `Connection:
/// close`), which libmicrohttpd's inactivity timeout alone does not (a byte every second keeps a
/// connection alive), and when the connections near the limit it closes the oldest, so a flood of
/// idle ones never keeps a health probe out.
class MicroHttpServer final : public HttpServer {
 public:
  /// Binds `bind`:`port` (0: any free port) at once, or throws std::runtime_error naming them.
  MicroHttpServer(const std::string& bind, int port, Limits limits,
                  std::shared_ptr<spdlog::logger> log);
  ~MicroHttpServer() override;
  MicroHttpServer(const MicroHttpServer&) = delete;
  MicroHttpServer& operator=(const MicroHttpServer&) = delete;

  void get(const std::string& path, Handler handler) override;
  void route(const std::string& method, const std::string& path, RequestHandler handler) override;
  void getDeferred(const std::string& path, DeferredHandler handler) override;
  void start() override;

  int port() const override { return port_; }
  std::size_t maxBodyBytes() const override { return limits_.bodyBytes; }
  std::uint64_t connectionsCut() const override { return connectionsCut_.load(); }

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

/// A MicroHttpServer as its interface: what the master and the tests use, and what the game
/// server's module (server/modules/http_server_module.h) makes.
std::unique_ptr<HttpServer> openMicroHttpServer(const std::string& bind, int port,
                                                HttpServer::Limits limits,
                                                std::shared_ptr<spdlog::logger> log);

}  // namespace coyote
