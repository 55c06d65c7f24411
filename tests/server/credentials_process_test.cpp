// Limits that spare the right credential (docs/hosting.md#moderation), attacked from other
// loopback addresses against a real coyote-server: wrong admin tokens never lock the right one
// out, and neither they nor wrong passwords from many addresses are checked or logged more than a
// few a second.
#include <fstream>
#include <iterator>
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/admin_server_process.h"
#include "support/raw_peer.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"
#include "support/tcp_client.h"
#include "util/monotonic_clock.h"

namespace coyote::test {
namespace {

using ::testing::HasSubstr;

constexpr const char* kToken = AdminServerProcess::kToken;

/// The status of `GET /admin/players` with `token`, sent from `from`.
int adminStatus(int port, const std::string& token, const std::string& from) {
  TcpClient client(port, from);
  client.send(
      fmt::format("GET /admin/players HTTP/1.1\r\nHost: coyote\r\nAuthorization: Bearer "
                  "{}\r\n\r\n",
                  token));
  client.readUntilClosed(5.0);
  const std::string& raw = client.received();
  return raw.size() > 12 && raw.starts_with("HTTP/1.1 ") ? std::stoi(raw.substr(9, 3)) : 0;
}

std::string fileText(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::size_t countOf(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

// Behind a TLS proxy everyone shares one address: wrong tokens from it must not lock the admin
// out. Then 600 wrong tokens from 600 addresses: at most 10 a second checked, and a handful of
// log lines, not one each.
TEST(CredentialsProcess, WrongAdminTokensNeverLockTheRightOneOutNorFloodTheLog) {
  AdminServerProcess host;
  for (int i = 0; i < 8; ++i) {
    adminStatus(host.http, "a-wrong-guess", "127.0.0.1");
  }
  EXPECT_EQ(adminStatus(host.http, "a-wrong-guess", "127.0.0.1"), 429);
  EXPECT_EQ(adminStatus(host.http, kToken, "127.0.0.1"), 200) << "the admin is not locked out";
  int checked = 0;
  int capped = 0;
  const double start = monotonicSeconds();
  for (int i = 0; i < 600; ++i) {
    const std::string from = fmt::format("127.0.{}.{}", 10 + i / 200, 1 + i % 200);
    const int status = adminStatus(host.http, "a-wrong-guess", from);
    checked += status == 403 ? 1 : 0;
    capped += status == 429 ? 1 : 0;
  }
  EXPECT_EQ(checked + capped, 600) << "each was answered";
  const double elapsed = monotonicSeconds() - start;
  EXPECT_EQ(adminStatus(host.http, kToken, "127.0.9.9"), 200) << "nor after a flood";
  EXPECT_LE(checked, 10 + static_cast<int>(elapsed * 10.0) + 1)
      << checked << " wrong tokens checked in " << elapsed << " s";
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const std::string log = fileText((host.directory.path() / "server.log").string());
  EXPECT_LE(countOf(log, "wrong token from"), 3u) << "one line for each, not a summary";
  EXPECT_LE(log.size(), 64u * 1024u);
}

/// What `count` Hellos with wrong passwords, from addresses of their own, were told.
struct Guesses {
  int wrong = 0;                    ///< "wrong password": checked
  int unchecked = 0;                ///< refused unchecked: the server's budget was spent
  std::vector<std::string> others;  ///< any other answer
};

Guesses guessPasswords(int port, int first, int count) {
  std::vector<std::unique_ptr<RawPeer>> peers;
  for (int i = first; i < first + count; ++i) {
    peers.push_back(
        std::make_unique<RawPeer>(static_cast<std::uint16_t>(port), std::nullopt,
                                  fmt::format("127.0.{}.{}", 20 + i / 200, 1 + i % 200)));
  }
  std::vector<bool> sent(peers.size(), false);
  std::vector<bool> answered(peers.size(), false);
  Guesses guesses;
  const double deadline = monotonicSeconds() + 5.0;
  while (monotonicSeconds() < deadline && std::ranges::count(answered, false) > 0) {
    for (std::size_t i = 0; i < peers.size(); ++i) {
      peers[i]->poll(monotonicSeconds());
      if (peers[i]->connected() && !sent[i]) {
        net::Hello hello;
        hello.name = fmt::format("guesser{}", first + static_cast<int>(i));
        hello.password = fmt::format("guess {}", i);
        peers[i]->send(hello, net::kReliableChannel);
        sent[i] = true;
      }
      for (const net::Message& message : peers[i]->takeMessages()) {
        if (const auto* refusal = std::get_if<net::Refusal>(&message); refusal && !answered[i]) {
          answered[i] = true;
          guesses.wrong += refusal->reason == "wrong password" ? 1 : 0;
          guesses.unchecked += refusal->reason.find("on this server") != std::string::npos;
          if (refusal->reason != "wrong password" &&
              refusal->reason.find("on this server") == std::string::npos) {
            guesses.others.push_back(refusal->reason);
          }
        }
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return guesses;
}

// 300 Hellos with a wrong password from 300 addresses: at most 10 a second are checked, the rest
// refused unchecked with a reason that says so; the right password still gets in afterwards.
TEST(CredentialsProcess, WrongPasswordsFromManyAddressesAreCheckedTenASecond) {
  TempDirectory directory;
  const ScopedEnvironment environment{{"COYOTE_SERVER_PASSWORD", "open sesame 42"}};
  ServerProcess server(directory, (directory.path() / "game.rpl").string());
  int wrong = 0;
  int unchecked = 0;
  std::vector<std::string> others;
  const double start = monotonicSeconds();
  for (int wave = 0; wave < 6; ++wave) {  // 50 at a time: the server keeps 64 without a Hello
    const Guesses guesses = guessPasswords(server.port, wave * 50, 50);
    wrong += guesses.wrong;
    unchecked += guesses.unchecked;
    others.insert(others.end(), guesses.others.begin(), guesses.others.end());
  }
  const double elapsed = monotonicSeconds() - start;
  EXPECT_TRUE(others.empty()) << ::testing::PrintToString(others);
  EXPECT_GE(wrong + unchecked, 285) << "nearly every guess answered (a few of 50 handshakes at "
                                       "once may not finish in 5 s)";
  EXPECT_LE(wrong, 10 + static_cast<int>(elapsed * 10.0) + 1)
      << wrong << " passwords checked in " << elapsed << " s";
  EXPECT_GE(unchecked, 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // the budget refills
  const Json right = runBots(directory, server.port, 1, 2.0, {"--password", "open sesame 42"});
  EXPECT_EQ(right["clients"][0]["state"], "playing") << right.dump();
}

}  // namespace
}  // namespace coyote::test
