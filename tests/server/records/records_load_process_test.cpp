// The leaderboard page under load (docs/hosting.md#the-leaderboard-page), against a real
// coyote-server: 60 connections from 60 addresses ask for the deepest pages of a 300,000-row
// board while a probe asks /healthz. The page's queries run on a thread of their own and deep
// pages are found by keyset, so the probe stays well inside Kubernetes' 1 s timeout. Before
// (queries on the HTTP thread, offset paging), /healthz took 1.2–1.5 s.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "server/records/records_store.h"
#include "support/coyote_processes.h"
#include "support/scoped_environment.h"
#include "support/tcp_client.h"

namespace coyote::test {
namespace {

constexpr const char* kCourse = "00000000000000dd";
constexpr int kRows = 300000;

/// A records file whose one board holds kRows players.
std::string bigBoard(TempDirectory& directory) {
  const std::string file = (directory.path() / "records.sqlite").string();
  openRecordsStore(file, "");  // the schema
  SQLite::Database db(file, SQLite::OPEN_READWRITE);
  SQLite::Transaction transaction(db);
  db.exec(fmt::format("INSERT INTO courses VALUES ('{}', 'race', 'Cup', {}, 30000000, 1)", kCourse,
                      kRows));
  SQLite::Statement insert(db, "INSERT INTO bests VALUES (?1, ?2, ?3, '', ?4, 'h', 1, x'00', x'')");
  for (int i = 0; i < kRows; ++i) {
    insert.bind(1, kCourse);
    insert.bind(2, fmt::format("runner{:06}", i));
    insert.bind(3, std::int64_t{30'000'000} + i * 7);
    insert.bind(4, std::int64_t{1000} + i);
    insert.exec();
    insert.reset();
  }
  transaction.commit();
  return file;
}

/// One GET from `from`; the status, or 0 without an answer within 3 s.
int get(int port, const std::string& from, const std::string& path) {
  TcpClient client(port, from);
  if (!client.connected() ||
      !client.send(fmt::format("GET {} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", path))) {
    return 0;
  }
  client.readUntilClosed(3.0);
  const std::string& answer = client.received();
  return answer.starts_with("HTTP/1.1 ") ? std::atoi(answer.c_str() + 9) : 0;
}

TEST(RecordsLoadProcess, HealthzStaysQuickWhileSixtyConnectionsAskForTheDeepestPages) {
  TempDirectory directory;
  const std::string records = bigBoard(directory);
  const std::string portFile = (directory.path() / "http").string();
  const ScopedEnvironment env({{"COYOTE_RECORDS_PATH", records}, {"COYOTE_RECORDS_PAGE", "true"}});
  ServerProcess server(directory, (directory.path() / "game.rpl").string(),
                       {"--metrics-port", "-1", "--metrics-port-file", portFile});
  const int http = waitForPort(portFile);
  ASSERT_GT(http, 0) << server.process.output();
  ASSERT_EQ(get(http, "127.0.0.1", fmt::format("/records?course={}&last=1", kCourse)), 200);

  std::atomic<bool> stop{false};
  std::atomic<int> answered{0};
  std::atomic<int> busy{0};
  std::vector<std::thread> readers;
  for (int reader = 0; reader < 60; ++reader) {
    readers.emplace_back([&, reader] {
      const std::string from = fmt::format("127.4.{}.{}", reader / 200, 1 + reader % 200);
      for (int i = 0; !stop; ++i) {
        const std::string path =
            i % 2 == 0 ? fmt::format("/records?course={}&last=1", kCourse)
                       : fmt::format("/records.json?course={}&before={}.{}.{}.{}", kCourse,
                                     kRows - 25 * i % 1000, 30'000'000 + (kRows - 1000) * 7,
                                     1000 + kRows - 1000, "72756e6e6572323939303030");
        const int status = get(http, from, path);
        (status == 200 ? answered : busy) += status == 200 || status == 503 ? 1 : 0;
      }
    });
  }
  std::vector<double> probeMs;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(6);
  while (std::chrono::steady_clock::now() < until) {
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(get(http, "127.0.0.2", "/healthz"), 200);
    probeMs.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  stop = true;
  for (std::thread& reader : readers) {
    reader.join();
  }
  std::sort(probeMs.begin(), probeMs.end());
  const double p99 = probeMs[probeMs.size() * 99 / 100];
  std::printf(
      "[ figure ] /healthz under 60 deep-page readers of %d rows: p50 %.2f ms, p99 %.2f "
      "ms, max %.2f ms; %d pages answered, %d busy (503)\n",
      kRows, probeMs[probeMs.size() / 2], p99, probeMs.back(), answered.load(), busy.load());
  EXPECT_LE(p99, 50.0);
  EXPECT_GT(answered.load(), 100) << "the deep pages are answered too";
}

}  // namespace
}  // namespace coyote::test
