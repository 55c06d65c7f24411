// The server's own plain-HTTP requests (the Agones sidecar, a master's /register,
// --check-health): answers in every framing a real server uses, and every way a peer can fail
// or be hostile — each ends within its deadline with an error naming the peer.
#include "http/http_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <spdlog/sinks/null_sink.h>

#include "http/http_link.h"
#include "http/micro_http_server.h"
#include "http/tls_link.h"
#include "support/free_port.h"

namespace coyote::http {
namespace {

using ::testing::HasSubstr;
using Clock = std::chrono::steady_clock;

/// One connection on 127.0.0.1: reads the request's head (and a body of its Content-Length),
/// then writes `reply` in pieces of `piece` bytes and closes, or holds the connection open for
/// `holdSeconds` first.
class CannedServer {
 public:
  explicit CannedServer(std::string reply, std::size_t piece = 7, double holdSeconds = 0.0)
      : reply_(std::move(reply)), piece_(piece), holdSeconds_(holdSeconds) {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address);
    listen(listener_, 1);
    getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~CannedServer() {
    shutdown(listener_, SHUT_RDWR);
    thread_.join();
    close(listener_);
  }
  std::uint16_t port() const { return port_; }
  /// The request as it came (read once the thread is done: after fetch returned).
  const std::string& request() const { return request_; }

 private:
  void serve() {
    const int connection = accept(listener_, nullptr, nullptr);
    if (connection < 0) {
      return;
    }
    readRequest(connection);
    for (std::size_t at = 0; at < reply_.size(); at += piece_) {
      send(connection, reply_.data() + at, std::min(piece_, reply_.size() - at), MSG_NOSIGNAL);
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    pollfd closed{connection, POLLIN, 0};  // until the client hangs up, at most holdSeconds
    poll(&closed, 1, static_cast<int>(holdSeconds_ * 1000));
    close(connection);
  }
  void readRequest(int connection) {
    char buffer[1024];
    std::size_t need = std::string::npos;
    while (request_.size() < need) {
      const ssize_t received = recv(connection, buffer, sizeof buffer, 0);
      if (received <= 0) {
        return;
      }
      request_.append(buffer, static_cast<std::size_t>(received));
      const std::size_t head = request_.find("\r\n\r\n");
      const std::size_t length = request_.find("Content-Length: ");
      if (head != std::string::npos) {
        need = head + 4 + (length < head ? std::stoul(request_.substr(length + 16)) : 0);
      }
    }
  }

  std::string reply_;
  std::size_t piece_;
  double holdSeconds_;
  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::string request_;
  std::thread thread_;
};

ClientRequest requestTo(std::uint16_t port, std::string path = "/") {
  ClientRequest request;
  request.host = "127.0.0.1";
  request.port = port;
  request.path = std::move(path);
  return request;
}

ClientLimits quick(double totalSeconds = 2.0) {
  ClientLimits limits;
  limits.connectSeconds = 1.0;
  limits.totalSeconds = totalSeconds;
  return limits;
}

TEST(HttpClient, PostsToARealHttpServerAndReadsItsAnswer) {
  MicroHttpServer server(
      "127.0.0.1", 0, {},
      std::make_shared<spdlog::logger>("null", std::make_shared<spdlog::sinks::null_sink_mt>()));
  server.route("POST", "/register", [](const HttpServer::Request& request) {
    return HttpServer::Response{202, "application/json",
                                std::make_shared<const std::string>("got " + request.body)};
  });
  server.start();
  ClientRequest request = requestTo(static_cast<std::uint16_t>(server.port()), "/register");
  request.method = "POST";
  request.body = R"({"port":7777})";
  std::string error;
  const std::optional<ClientResponse> answer = fetch(request, quick(), error);
  ASSERT_TRUE(answer) << error;
  EXPECT_EQ(answer->status, 202);
  EXPECT_EQ(answer->body, R"(got {"port":7777})");
}

// A program that installed no TLS (the master, coyote-admin) says so rather than send in clear
// what was meant to be secret; with OpenSSL, a peer that speaks no TLS ends the request before a
// byte of it is sent.
TEST(HttpClient, ASecureRequestGoesOverTlsOrNotAtAll) {
  MicroHttpServer plain(
      "127.0.0.1", 0, {},
      std::make_shared<spdlog::logger>("null", std::make_shared<spdlog::sinks::null_sink_mt>()));
  std::atomic<int> served = 0;
  plain.get("/", [&served](const HttpServer::Query&) {
    served += 1;
    return HttpServer::Response{200, "text/plain", std::make_shared<const std::string>("ok")};
  });
  plain.start();
  ClientRequest request = requestTo(static_cast<std::uint16_t>(plain.port()));
  request.secure = true;
  std::string error;
  EXPECT_FALSE(fetch(request, quick(), error));
  EXPECT_EQ(error, fmt::format("no TLS with 127.0.0.1:{}: this program was built without it",
                               plain.port()));
  setSecureConnector(&connectTls);
  EXPECT_FALSE(fetch(request, quick(), error));
  setSecureConnector(nullptr);
  EXPECT_THAT(error, HasSubstr(fmt::format("no TLS with 127.0.0.1:{}: the TLS handshake with "
                                           "127.0.0.1 failed: ",
                                           plain.port())));
  request.secure = false;
  ASSERT_TRUE(fetch(request, quick(), error)) << error;
  EXPECT_EQ(served, 1) << "the secure requests reached no route: nothing was sent in clear";
}

TEST(HttpClient, SendsOneWellFormedRequestThatAsksForTheClose) {
  CannedServer server("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
  ClientRequest request = requestTo(server.port(), "/metadata/label");
  request.method = "PUT";
  request.body = R"({"key":"players","value":"3"})";
  std::string error;
  ASSERT_TRUE(fetch(request, quick(), error)) << error;
  EXPECT_EQ(server.request(),
            "PUT /metadata/label HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server.port()) +
                "\r\nUser-Agent: coyote\r\nConnection: close\r\nContent-Type: application/json\r\n"
                "Content-Length: 29\r\n\r\n" +
                request.body);
}

TEST(HttpClient, ReadsAChunkedAnswerAsGoServersSendALongOne) {
  CannedServer server(
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      "5\r\n{\"sta\r\n11\r\ntus\":{\"state\":1}}\r\n0\r\n\r\n");
  std::string error;
  const std::optional<ClientResponse> answer = fetch(requestTo(server.port()), quick(), error);
  ASSERT_TRUE(answer) << error;
  EXPECT_EQ(answer->body, R"({"status":{"state":1}})");
}

TEST(HttpClient, ReadsAnAnswerWithoutLengthUntilTheClose) {
  CannedServer server("HTTP/1.0 404 Not Found\r\n\r\nno such page");
  std::string error;
  const std::optional<ClientResponse> answer = fetch(requestTo(server.port()), quick(), error);
  ASSERT_TRUE(answer) << error;
  EXPECT_EQ(answer->status, 404);
  EXPECT_EQ(answer->body, "no such page");
}

TEST(HttpClient, StopsReadingAnAnswerLongerThanItsLimit) {
  CannedServer server(
      "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + std::string(100000, 'x'), 4096);
  ClientLimits limits = quick();
  limits.answerBytes = 10000;
  std::string error;
  EXPECT_FALSE(fetch(requestTo(server.port()), limits, error));
  EXPECT_THAT(error, HasSubstr("longer than 10000 bytes"));
  EXPECT_THAT(error, HasSubstr("127.0.0.1:" + std::to_string(server.port())));
}

TEST(HttpClient, GivesUpOnAPeerThatNeverFinishesWithinTheDeadline) {
  CannedServer server("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", 7, 5.0);
  std::string error;
  const Clock::time_point start = Clock::now();
  EXPECT_FALSE(fetch(requestTo(server.port()), quick(0.3), error));
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  EXPECT_GE(seconds, 0.3);
  EXPECT_LT(seconds, 2.0) << "the deadline holds";
  EXPECT_THAT(error, HasSubstr("no whole answer from 127.0.0.1:"));
}

TEST(HttpClient, SaysSoWhenTheAnswerIsCutShortOrIsNotHttp) {
  {
    CannedServer server("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc");
    std::string error;
    EXPECT_FALSE(fetch(requestTo(server.port()), quick(), error));
    EXPECT_THAT(error, HasSubstr("closed the connection before the whole answer"));
  }
  {
    CannedServer server("SSH-2.0-OpenSSH_9.2\r\n");
    std::string error;
    EXPECT_FALSE(fetch(requestTo(server.port()), quick(), error));
    EXPECT_THAT(error, HasSubstr("malformed answer from 127.0.0.1:"));
  }
}

TEST(HttpClient, NamesThePeerNobodyListensOn) {
  const int port = test::freeTcpPort();
  std::string error;
  EXPECT_FALSE(fetch(requestTo(static_cast<std::uint16_t>(port)), quick(), error));
  EXPECT_EQ(error, "no connection to 127.0.0.1:" + std::to_string(port) + ": Connection refused");
}

TEST(HttpClient, RefusesARequestLineAHeaderCouldBeSmuggledInto) {
  std::string error;
  EXPECT_FALSE(fetch(requestTo(1, "/a HTTP/1.1\r\nX-Evil: 1\r\n"), quick(), error));
  EXPECT_THAT(error, HasSubstr("path"));
  ClientRequest request = requestTo(1);
  request.host = "127.0.0.1\r\nX: y";
  EXPECT_FALSE(fetch(request, quick(), error));
  EXPECT_THAT(error, HasSubstr("host"));
  ClientRequest typed = requestTo(1);
  typed.body = "{}";
  typed.contentType = "application/json\r\nX-Evil: 1";
  EXPECT_FALSE(fetch(typed, quick(), error));
  EXPECT_THAT(error, HasSubstr("content type"));
}

}  // namespace
}  // namespace coyote::http
