// libFuzzer: bytes from anyone who can reach the server's HTTP port, sent as one connection to a
// real HttpServer (libmicrohttpd's request parser and this project's routing and limits) on
// loopback. Whatever the request, the server never crashes, keeps accepting (every input is a
// new connection), and never answers with more than the largest page and its headers. That it
// closes every connection by its deadline is tested in tests/server/http_server_test.cpp; here
// the client stops listening after 0.1 s, so that junk, which the server closes only at its idle
// timeout, does not slow the search down.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include <spdlog/sinks/null_sink.h>

#include "http/micro_http_server.h"
#include "support/tcp_client.h"

namespace {

constexpr std::size_t kPageSize = 4096;
constexpr std::size_t kMostReply = kPageSize + 1024;  // the page and its headers

coyote::HttpServer& server() {
  static coyote::HttpServer* instance = [] {
    coyote::HttpServer::Limits limits;
    limits.connectionSeconds = 1.0;
    auto* created = new coyote::MicroHttpServer(
        "127.0.0.1", 0, limits,
        std::make_shared<spdlog::logger>("null", std::make_shared<spdlog::sinks::null_sink_mt>()));
    const auto page = std::make_shared<const std::string>(kPageSize, 'm');
    created->get("/metrics", [page](const coyote::HttpServer::Query&) {
      return coyote::HttpServer::Response{200, "text/plain", page};
    });
    created->start();
    return created;  // one server for every input, as a real one lives
  }();
  return *instance;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  coyote::test::TcpClient client(server().port(), "127.0.0.1");
  if (!client.connected()) {
    std::abort();  // the server stopped accepting: that is the failure this target looks for
  }
  client.resetOnClose();  // tens of thousands of inputs: leave no TIME_WAIT behind
  client.send(std::string(reinterpret_cast<const char*>(data), size));
  client.finishSending();  // what a request lacks now never comes
  client.readUntilClosed(0.1);
  if (client.received().size() > kMostReply) {
    std::abort();
  }
  return 0;
}
