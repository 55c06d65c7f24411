// The server's HTTP port under the attacks that took it down with 94 bytes: slow clients, idle
// connections by the hundred, a Range header with thousands of ranges. A health probe from
// another address must be answered throughout.
#include "http/micro_http_server.h"

#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "support/quiet_logger.h"
#include "support/tcp_client.h"

namespace coyote {
namespace {

/// A server answering /healthz with "ok" and /metrics with `page`.
std::unique_ptr<MicroHttpServer> serve(HttpServer::Limits limits, std::string page = "metrics\n") {
  auto server = std::make_unique<MicroHttpServer>("127.0.0.1", 0, limits, test::quietLogger());
  const auto body = std::make_shared<const std::string>(std::move(page));
  server->get("/healthz", [](const HttpServer::Query&) {
    return HttpServer::Response{200, "text/plain", std::make_shared<const std::string>("ok\n")};
  });
  server->get("/metrics", [body](const HttpServer::Query&) {
    return HttpServer::Response{200, "text/plain", body};
  });
  server->start();
  return server;
}

/// One whole request from `from`; the raw answer ("" if none came within 2 s).
std::string request(int port, const std::string& path, const std::string& from = "127.0.0.1",
                    const std::string& headers = "") {
  test::TcpClient client(port, from);
  if (!client.connected()) {
    return "";
  }
  client.send("GET " + path + " HTTP/1.1\r\nHost: coyote\r\n" + headers + "\r\n");
  client.readUntilClosed(2.0);
  return client.received();
}

bool healthy(int port) {
  return request(port, "/healthz").starts_with("HTTP/1.1 200");
}

void sleepSeconds(double seconds) {
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

TEST(HttpServer, AnswersGetAndRefusesOtherMethodsAndUnknownPaths) {
  const auto server = serve({});
  EXPECT_TRUE(healthy(server->port()));
  EXPECT_TRUE(request(server->port(), "/nowhere").starts_with("HTTP/1.1 404"));
  test::TcpClient poster(server->port(), "127.0.0.1");
  poster.send("POST /metrics HTTP/1.1\r\nHost: c\r\nContent-Length: 5\r\n\r\nhello");
  poster.readUntilClosed(2.0);
  EXPECT_TRUE(poster.received().starts_with("HTTP/1.1 405")) << poster.received();
}

// A deferred route answers from another thread 0.5 s later, while the server's thread answers a
// probe at once; a reply given at once (a full queue's 503) goes at once.
TEST(HttpServer, ADeferredRouteWaitsSuspendedWhileProbesAreAnswered) {
  auto server =
      std::make_unique<MicroHttpServer>("127.0.0.1", 0, HttpServer::Limits{}, test::quietLogger());
  server->get("/healthz", [](const HttpServer::Query&) {
    return HttpServer::Response{200, "text/plain", std::make_shared<const std::string>("ok\n")};
  });
  std::vector<std::thread> workers;
  server->getDeferred("/slow", [&workers](const HttpServer::Query& query, HttpServer::Reply reply) {
    if (query.contains("busy")) {
      reply({503, "text/plain", std::make_shared<const std::string>("busy\n")});
      return;
    }
    workers.emplace_back([reply] {
      sleepSeconds(0.5);
      reply({200, "text/plain", std::make_shared<const std::string>("slow answer\n")});
    });
  });
  server->start();
  std::string slow;
  std::thread asker([&] { slow = request(server->port(), "/slow", "127.0.0.3"); });
  sleepSeconds(0.1);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(healthy(server->port()));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 0.2)
      << "the probe did not wait for the slow answer";
  asker.join();
  EXPECT_TRUE(slow.starts_with("HTTP/1.1 200")) << slow;
  EXPECT_NE(slow.find("slow answer"), std::string::npos);
  EXPECT_TRUE(request(server->port(), "/slow?busy=1").starts_with("HTTP/1.1 503"));
  test::TcpClient poster(server->port(), "127.0.0.1");
  poster.send("POST /slow HTTP/1.1\r\nHost: c\r\nContent-Length: 0\r\n\r\n");
  poster.readUntilClosed(2.0);
  EXPECT_TRUE(poster.received().starts_with("HTTP/1.1 405")) << poster.received();
  for (std::thread& worker : workers) {
    worker.join();
  }
}

// A server stopped while a deferred answer is still being made stops cleanly (libmicrohttpd
// aborts if a connection is left suspended), and the late reply touches nothing.
TEST(HttpServer, StopsWhileADeferredAnswerIsStillBeingMade) {
  HttpServer::Reply late;
  std::mutex lateMutex;
  auto server =
      std::make_unique<MicroHttpServer>("127.0.0.1", 0, HttpServer::Limits{}, test::quietLogger());
  server->getDeferred("/slow", [&](const HttpServer::Query&, HttpServer::Reply reply) {
    const std::lock_guard lock(lateMutex);
    late = std::move(reply);
  });
  server->start();
  std::thread asker([port = server->port()] { request(port, "/slow"); });
  for (int i = 0; i < 200; ++i) {
    {
      const std::lock_guard lock(lateMutex);
      if (late) {
        break;
      }
    }
    sleepSeconds(0.01);
  }
  server.reset();  // with the request suspended
  {
    const std::lock_guard lock(lateMutex);
    ASSERT_TRUE(late) << "the request never reached the deferred route";
    late({200, "text/plain", std::make_shared<const std::string>("too late\n")});
  }
  asker.join();
}

// Two clients sending a byte every 0.2 s (each byte resets an inactivity timeout, never the
// deadline) are cut at the deadline, while a probe from another address is answered every time.
TEST(HttpServer, SlowClientsAreCutAtTheDeadlineWhileProbesAreAnswered) {
  HttpServer::Limits limits;
  limits.connectionSeconds = 1.0;
  const auto server = serve(limits);
  std::vector<std::unique_ptr<test::TcpClient>> slow;
  for (int i = 0; i < 2; ++i) {
    slow.push_back(std::make_unique<test::TcpClient>(server->port(), "127.0.0.2"));
    ASSERT_TRUE(slow.back()->connected());
  }
  const std::string request = "GET /metrics HTTP/1.1\r\nHost: coyote\r\n";
  int probes = 0;
  int answered = 0;
  for (std::size_t byte = 0; byte < 10; ++byte) {  // 2 s, twice the deadline
    for (const auto& client : slow) {
      client->send(request.substr(byte, 1));
    }
    ++probes;
    answered += healthy(server->port()) ? 1 : 0;
    sleepSeconds(0.2);
  }
  EXPECT_EQ(answered, probes);
  for (const auto& client : slow) {
    EXPECT_TRUE(client->readUntilClosed(0.5)) << "cut at its deadline";
    EXPECT_EQ(client->received(), "") << "it never finished a request";
  }
  EXPECT_GE(server->connectionsCut(), 2u);
}

// 200 connections from 25 addresses (8 each, the per-address limit) open and say nothing: a
// probe is still answered, ten times in a row, and the idle ones are cut.
TEST(HttpServer, TwoHundredIdleConnectionsNeverKeepAProbeOut) {
  const auto server = serve({});
  std::vector<std::unique_ptr<test::TcpClient>> idle;
  for (int address = 1; address <= 25; ++address) {
    for (int i = 0; i < 8; ++i) {
      idle.push_back(
          std::make_unique<test::TcpClient>(server->port(), "127.0.3." + std::to_string(address)));
    }
  }
  sleepSeconds(0.2);
  int answered = 0;
  for (int probe = 0; probe < 10; ++probe) {
    answered += healthy(server->port()) ? 1 : 0;
    sleepSeconds(0.05);
  }
  EXPECT_EQ(answered, 10);
  EXPECT_GE(server->connectionsCut(), 100u) << "the oldest idle ones made room";
}

// A Range header with 2,600 ranges (the 7.9 KB request that drew a 17.6 MB answer): the page is
// sent once, whole, as a 200.
TEST(HttpServer, ARangeHeaderWithThousandsOfRangesGetsThePageOnce) {
  const std::string page(10000, 'm');
  const auto server = serve({}, page);
  std::string ranges = "Range: bytes=";
  for (int i = 0; i < 2600; ++i) {
    if (i > 0) {
      ranges += ',';
    }
    ranges += "0-";
  }
  const std::string answer = request(server->port(), "/metrics", "127.0.0.1", ranges + "\r\n");
  EXPECT_TRUE(answer.starts_with("HTTP/1.1 200")) << answer.substr(0, 200);
  EXPECT_LE(answer.size(), 2 * page.size());
  EXPECT_NE(answer.find(page), std::string::npos);
}

}  // namespace
}  // namespace coyote
