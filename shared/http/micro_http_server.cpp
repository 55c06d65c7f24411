#include "http/micro_http_server.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <fmt/format.h>

namespace coyote {
namespace {

/// The loop's longest wait: how late a deadline can be kept, and how soon a stop is seen.
constexpr int kPollMilliseconds = 10;

double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

MHD_Result addArgument(void* query, MHD_ValueKind, const char* key, const char* value) {
  auto& arguments = *static_cast<HttpServer::Query*>(query);
  if (arguments.size() >= HttpServer::kMaxArguments) {
    return MHD_NO;  // the rest are not read
  }
  arguments.emplace(key, value == nullptr ? "" : value);
  return MHD_YES;
}

/// A request's body while it arrives (at most Limits::bodyBytes are kept), and its deferred answer.
struct Upload {
  std::string body;
  bool tooLarge = false;
  std::shared_ptr<HttpServer::PendingReply> pending;
};

std::string decodeFormPart(std::string part) {
  std::replace(part.begin(), part.end(), '+', ' ');
  part.resize(MHD_http_unescape(part.data()));
  return part;
}

/// `a=1&b=two+words`: the arguments of a form body, added to `arguments` within kMaxArguments.
void addFormArguments(const std::string& body, HttpServer::Query& arguments) {
  std::size_t begin = 0;
  while (begin < body.size() && arguments.size() < HttpServer::kMaxArguments) {
    const std::size_t end = std::min(body.find('&', begin), body.size());
    const std::string pair = body.substr(begin, end - begin);
    const std::size_t equals = pair.find('=');
    if (!pair.empty()) {
      arguments.emplace(decodeFormPart(pair.substr(0, equals)),
                        equals == std::string::npos ? "" : decodeFormPart(pair.substr(equals + 1)));
    }
    begin = end + 1;
  }
}

std::string clientAddress(MHD_Connection* connection) {
  const MHD_ConnectionInfo* info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  char text[INET_ADDRSTRLEN] = "";
  if (info != nullptr && info->client_addr->sa_family == AF_INET) {
    const auto* address = reinterpret_cast<const sockaddr_in*>(info->client_addr);
    inet_ntop(AF_INET, &address->sin_addr, text, sizeof text);
  }
  return text;
}

HttpServer::Request readRequest(MHD_Connection* connection, const char* url, const char* method,
                                const Upload& upload) {
  HttpServer::Request request;
  request.method = method;
  request.path = url;
  request.address = clientAddress(connection);
  MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, &addArgument, &request.arguments);
  const char* type =
      MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
  if (type != nullptr &&
      std::string_view(type).starts_with(MHD_HTTP_POST_ENCODING_FORM_URLENCODED)) {
    addFormArguments(upload.body, request.arguments);
  }
  const char* authorization =
      MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
  request.authorization = authorization == nullptr ? "" : authorization;
  const auto header = [connection](const char* name) {
    const char* value = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
    return std::string(value == nullptr ? "" : value);
  };
  request.forwardedFor = header("X-Forwarded-For");
  request.acceptEncoding = header(MHD_HTTP_HEADER_ACCEPT_ENCODING);
  request.ifNoneMatch = header(MHD_HTTP_HEADER_IF_NONE_MATCH);
  request.contentType = type == nullptr ? "" : type;
  request.body = upload.body;
  return request;
}

MHD_Result queueResponse(MHD_Connection* connection, const HttpServer::Response& response) {
  const std::string& body = *response.body;
  MHD_Response* reply = MHD_create_response_from_buffer(body.size(), const_cast<char*>(body.data()),
                                                        MHD_RESPMEM_MUST_COPY);
  if (reply == nullptr) {
    return MHD_NO;  // out of memory: libmicrohttpd closes the connection
  }
  MHD_add_response_header(reply, MHD_HTTP_HEADER_CONTENT_TYPE, response.contentType.c_str());
  for (const auto& [name, value] : response.headers) {
    MHD_add_response_header(reply, name.c_str(), value.c_str());
  }
  MHD_add_response_header(reply, MHD_HTTP_HEADER_CONNECTION, "close");  // one request each
  const MHD_Result queued =
      MHD_queue_response(connection, static_cast<unsigned>(response.status), reply);
  MHD_destroy_response(reply);
  return queued;
}

// Called once when the headers are in (an Upload is made), then for each piece of the body, then
// once more with none: the request is answered then.
MHD_Result answerRequest(void* self, MHD_Connection* connection, const char* url,
                         const char* method, const char*, const char* data, std::size_t* size,
                         void** state) {
  if (*state == nullptr) {
    *state = new Upload();
    return MHD_YES;
  }
  auto& upload = *static_cast<Upload*>(*state);
  const std::size_t maxBody = static_cast<MicroHttpServer*>(self)->maxBodyBytes();
  if (*size != 0) {
    upload.tooLarge = upload.tooLarge || upload.body.size() + *size > maxBody;
    if (!upload.tooLarge) {
      upload.body.append(data, *size);
    }
    *size = 0;  // read (and dropped past the limit)
    return MHD_YES;
  }
  if (upload.pending) {  // resumed: its deferred reply came
    const std::lock_guard lock(upload.pending->mutex);
    return queueResponse(connection, *upload.pending->response);
  }
  if (upload.tooLarge) {
    return queueResponse(connection, {413, "text/plain; charset=utf-8",
                                      std::make_shared<const std::string>(
                                          fmt::format("a body is at most {} bytes\n", maxBody))});
  }
  const std::optional<HttpServer::Response> answer =
      static_cast<MicroHttpServer*>(self)->answerOrDefer(
          readRequest(connection, url, method, upload), connection, upload.pending);
  return answer ? queueResponse(connection, *answer) : MHD_YES;
}

void requestCompleted(void*, MHD_Connection*, void** state, MHD_RequestTerminationCode) {
  delete static_cast<Upload*>(*state);
  *state = nullptr;
}

void notifyConnection(void* self, MHD_Connection* connection, void**,
                      MHD_ConnectionNotificationCode code) {
  auto* server = static_cast<MicroHttpServer*>(self);
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    server->connectionStarted(connection);
  } else {
    server->connectionClosed(connection);
  }
}

sockaddr_in socketAddress(const std::string& bind, int port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  if (inet_pton(AF_INET, bind.c_str(), &address.sin_addr) != 1) {
    throw std::runtime_error(
        fmt::format("cannot listen for HTTP on {}:{}: not an IPv4 address", bind, port));
  }
  return address;
}

}  // namespace

MicroHttpServer::MicroHttpServer(const std::string& bind, int port, Limits limits,
                                 std::shared_ptr<spdlog::logger> log)
    : limits_(limits), log_(std::move(log)) {
  sockaddr_in address = socketAddress(bind, port);
  // No thread of libmicrohttpd's own: `loop` runs it, so the deadlines are kept on the same
  // thread that opens and closes the connections.
  daemon_ = MHD_start_daemon(
      MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, static_cast<std::uint16_t>(port), nullptr, nullptr,
      &answerRequest, this, MHD_OPTION_SOCK_ADDR, reinterpret_cast<sockaddr*>(&address),
      MHD_OPTION_CONNECTION_LIMIT, static_cast<unsigned>(limits_.connections),
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, static_cast<unsigned>(limits_.connectionsPerAddress),
      MHD_OPTION_CONNECTION_TIMEOUT, limits_.idleSeconds, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
      limits_.memoryPerConnection, MHD_OPTION_NOTIFY_CONNECTION, &notifyConnection, this,
      MHD_OPTION_NOTIFY_COMPLETED, &requestCompleted, nullptr, MHD_OPTION_END);
  if (daemon_ == nullptr) {
    throw std::runtime_error(fmt::format("cannot listen for HTTP on {}:{}", bind, port));
  }
  port_ = MHD_get_daemon_info(daemon_, MHD_DAEMON_INFO_BIND_PORT)->port;
}

MicroHttpServer::~MicroHttpServer() {
  stopping_ = true;
  if (thread_.joinable()) {
    thread_.join();
  }
  for (auto& [connection, pending] : suspended_) {  // their replies will find nobody waiting
    const std::lock_guard lock(pending->mutex);
    pending->suspended = false;
    MHD_resume_connection(connection);
  }
  MHD_stop_daemon(daemon_);
}

void MicroHttpServer::get(const std::string& path, Handler handler) {
  route("GET", path, [handler = std::move(handler)](const Request& request) {
    return handler(request.arguments);
  });
}

void MicroHttpServer::route(const std::string& method, const std::string& path,
                            RequestHandler handler) {
  routes_[path][method] = std::move(handler);
}

void MicroHttpServer::getDeferred(const std::string& path, DeferredHandler handler) {
  deferred_[path] = std::move(handler);
}

// The reply may come at once (a full queue's 503), else later from another thread: the
// connection is suspended, and the reply puts it among the ready ones, which the server's
// thread resumes (libmicrohttpd then calls back, and the reply is queued).
std::optional<HttpServer::Response> MicroHttpServer::answerOrDefer(
    const Request& request, MHD_Connection* connection, std::shared_ptr<PendingReply>& pending) {
  const auto deferred = deferred_.find(request.path);
  if (deferred == deferred_.end()) {
    return answer(request);
  }
  if (request.method != "GET" && request.method != "HEAD") {
    return Response{405,
                    "text/plain; charset=utf-8",
                    std::make_shared<const std::string>("only GET, HEAD here\n"),
                    {{"Allow", "GET, HEAD"}}};
  }
  pending = std::make_shared<PendingReply>();
  deferred->second(request.arguments, [pending, ready = std::weak_ptr<ReadyConnections>(ready_),
                                       connection](Response response) {
    const std::lock_guard lock(pending->mutex);
    pending->response = std::move(response);
    if (const auto connections = ready.lock(); connections && pending->suspended) {
      const std::lock_guard listed(connections->mutex);
      connections->connections.push_back(connection);
    }
  });
  const std::lock_guard lock(pending->mutex);
  if (pending->response) {
    return pending->response;
  }
  pending->suspended = true;
  MHD_suspend_connection(connection);
  suspended_.emplace_back(connection, pending);
  return std::nullopt;
}

bool MicroHttpServer::resumeReady() {
  std::vector<MHD_Connection*> connections;
  {
    const std::lock_guard lock(ready_->mutex);
    connections.swap(ready_->connections);
  }
  for (MHD_Connection* connection : connections) {
    std::erase_if(suspended_,
                  [connection](const auto& entry) { return entry.first == connection; });
    MHD_resume_connection(connection);
  }
  return !connections.empty();
}

void MicroHttpServer::start() {
  thread_ = std::thread([this] { loop(); });
}

HttpServer::Response MicroHttpServer::answer(const Request& request) const {
  const auto route = routes_.find(request.path);
  if (route == routes_.end()) {
    return {404, "text/plain; charset=utf-8", std::make_shared<const std::string>("not found\n")};
  }
  const std::string method = request.method == "HEAD" ? "GET" : request.method;
  const auto handler = route->second.find(method);
  if (handler == route->second.end()) {
    std::string allowed;
    for (const auto& [name, unused] : route->second) {
      allowed += (allowed.empty() ? "" : ", ") + name + (name == "GET" ? ", HEAD" : "");
    }
    return {405,
            "text/plain; charset=utf-8",
            std::make_shared<const std::string>(fmt::format("only {} here\n", allowed)),
            {{"Allow", allowed}}};
  }
  return handler->second(request);
}

void MicroHttpServer::loop() {
  const MHD_DaemonInfo* info = MHD_get_daemon_info(daemon_, MHD_DAEMON_INFO_EPOLL_FD);
  pollfd events{info->epoll_fd, POLLIN, 0};
  while (!stopping_) {
    MHD_UNSIGNED_LONG_LONG due = kPollMilliseconds;  // 0 when libmicrohttpd has work queued
    const bool hasTimeout = MHD_get_timeout(daemon_, &due) == MHD_YES;
    const int wait =
        hasTimeout && due < kPollMilliseconds ? static_cast<int>(due) : kPollMilliseconds;
    poll(&events, 1, wait);
    MHD_run(daemon_);
    if (resumeReady()) {
      MHD_run(daemon_);  // their replies go out now, not after the next wait
    }
    enforceDeadlines();
  }
}

void MicroHttpServer::connectionStarted(MHD_Connection* connection) {
  connections_.push_back({connection, steadySeconds(), false});
}

void MicroHttpServer::connectionClosed(MHD_Connection* connection) {
  std::erase_if(connections_,
                [connection](const Tracked& t) { return t.connection == connection; });
}

// Past its deadline a connection is cut, whatever it is doing; and when three quarters of the
// connections are taken, the oldest are cut until a quarter is free again, so a newcomer (a
// health probe, answered within milliseconds) always finds room. `connections_` is in the
// order they were accepted.
void MicroHttpServer::enforceDeadlines() {
  const double now = steadySeconds();
  const std::size_t roomy = limits_.connections * 3 / 4;
  std::size_t open = 0;
  for (const Tracked& tracked : connections_) {
    open += tracked.cut ? 0 : 1;
  }
  for (Tracked& tracked : connections_) {
    if (tracked.cut) {
      continue;
    }
    if (open >= roomy || now - tracked.startedAt > limits_.connectionSeconds) {
      cut(tracked);
      --open;
    }
  }
}

// A shutdown of the socket: libmicrohttpd sees it closed on its next turn and cleans up (the
// socket itself is libmicrohttpd's to close, which it does only on this same thread).
void MicroHttpServer::cut(Tracked& tracked) {
  const MHD_ConnectionInfo* info =
      MHD_get_connection_info(tracked.connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (info != nullptr) {
    shutdown(info->connect_fd, SHUT_RDWR);
  }
  tracked.cut = true;
  connectionsCut_.fetch_add(1);
}

std::unique_ptr<HttpServer> openMicroHttpServer(const std::string& bind, int port,
                                                HttpServer::Limits limits,
                                                std::shared_ptr<spdlog::logger> log) {
  return std::make_unique<MicroHttpServer>(bind, port, limits, std::move(log));
}

}  // namespace coyote
