// Who is who (docs/protocol.md#text-and-names), attacked as a stranger would: Hellos from other
// loopback addresses against a real coyote-server, whose admin bans a name through its API. A
// look-alike of a banned name, a second holder of a name, a name that speaks as the server and a
// reconnect token under another name are all refused.
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/admin_server_process.h"
#include "support/raw_peer.h"
#include "util/monotonic_clock.h"

namespace coyote::test {
namespace {

using ::testing::HasSubstr;

/// One client speaking for itself from its own loopback address: a Hello, then what came back.
struct Stranger {
  RawPeer peer;
  /// The Refusal's reason, "welcome" for a Welcome, "" while neither came.
  std::string answer;
  net::ReconnectToken token;
  std::vector<net::Message> heard;  ///< every message since the answer

  Stranger(int port, const std::string& address, net::Hello hello)
      : peer(static_cast<std::uint16_t>(port), std::nullopt, address) {
    const double deadline = monotonicSeconds() + 5.0;
    bool sent = false;
    while (answer.empty() && monotonicSeconds() < deadline) {
      pump();
      if (peer.connected() && !sent) {
        peer.send(hello, net::kReliableChannel);
        sent = true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  void pump() {
    peer.poll(monotonicSeconds());
    for (net::Message& message : peer.takeMessages()) {
      if (const auto* refusal = std::get_if<net::Refusal>(&message)) {
        answer = refusal->reason;
      } else if (const auto* welcome = std::get_if<net::Welcome>(&message)) {
        answer = "welcome";
        token = welcome->reconnectToken;
      } else {
        heard.push_back(std::move(message));
      }
    }
  }
  void say(const std::string& text) { peer.send(net::ChatSay{text}, net::kReliableChannel); }
  /// The goodbye it was told, "" if none.
  std::string goodbye() const {
    for (const net::Message& message : heard) {
      if (const auto* bye = std::get_if<net::Goodbye>(&message)) {
        return bye->reason;
      }
    }
    return "";
  }
  /// The texts of the lines of `kind` it heard.
  std::vector<std::string> lines(net::ChatKind kind) const {
    std::vector<std::string> texts;
    for (const net::Message& message : heard) {
      if (const auto* line = std::get_if<net::ChatLine>(&message); line && line->kind == kind) {
        texts.push_back(line->text);
      }
    }
    return texts;
  }
};

/// Services every one of `crowd` for `seconds`.
void pumpFor(const std::vector<Stranger*>& crowd, double seconds) {
  const double until = monotonicSeconds() + seconds;
  while (monotonicSeconds() < until) {
    for (Stranger* stranger : crowd) {
      stranger->pump();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

net::Hello helloAs(const std::string& name, net::ReconnectToken token = {}) {
  net::Hello hello;
  hello.name = name;
  hello.reconnectToken = token;
  return hello;
}

using ModeratedServer = AdminServerProcess;

TEST(NamesProcess, ABannedNameStaysOutUnderEveryLookAlike) {
  ModeratedServer host;
  ASSERT_EQ(host.admin("ban --name wile --reason 'spawn camping'").exitCode, 0);
  const std::vector<std::string> lookAlikes = {"wile",
                                               "WILE",
                                               "wi\u200ble" /* a zero-width space */,
                                               "wi\u00a0le" /* a no-break space */,
                                               "w\u00edle" /* an accent */,
                                               "wi\u0301le" /* a combining mark */,
                                               "w\u0456le" /* a Cyrillic i */,
                                               "wi1e"};
  int address = 2;
  for (const std::string& name : lookAlikes) {
    const Stranger stranger(host.server.port, fmt::format("127.0.0.{}", address++), helloAs(name));
    EXPECT_NE(stranger.answer, "welcome") << name << " was let in";
    EXPECT_FALSE(stranger.answer.empty()) << name << ": no answer";
  }
  const Stranger honest(host.server.port, "127.0.0.20", helloAs("road"));
  EXPECT_EQ(honest.answer, "welcome") << "a name of its own is let in";
}

TEST(NamesProcess, ANameIsOnePerServerAndNobodySpeaksAsTheServer) {
  ModeratedServer host;
  const Stranger alice(host.server.port, "127.0.0.2", helloAs("alice"));
  ASSERT_EQ(alice.answer, "welcome");
  int address = 3;
  for (const char* twin : {"alice", "ALICE", "al\u0456ce"}) {
    const Stranger second(host.server.port, fmt::format("127.0.0.{}", address++), helloAs(twin));
    EXPECT_THAT(second.answer, HasSubstr("is taken on this server")) << twin;
  }
  for (const char* forger : {"[server]", "Server", "admin", "* alice"}) {
    const Stranger imitator(host.server.port, fmt::format("127.0.0.{}", address++),
                            helloAs(forger));
    EXPECT_NE(imitator.answer, "welcome") << forger << " was let in";
    EXPECT_FALSE(imitator.answer.empty()) << forger;
  }
}

TEST(NamesProcess, AReconnectTokenUnderAnotherNameDoesNotDodgeABanOfItsName) {
  ModeratedServer host;
  std::optional<Stranger> wile;
  wile.emplace(host.server.port, "127.0.0.2", helloAs("wile"));
  ASSERT_EQ(wile->answer, "welcome");
  const net::ReconnectToken token = wile->token;
  wile->peer.disconnect();
  wile.reset();
  ASSERT_EQ(host.admin("ban --name wile").exitCode, 0);
  const Stranger back(host.server.port, "127.0.0.3", helloAs("innocent", token));
  EXPECT_THAT(back.answer, HasSubstr("banned")) << "it would play as wile";
}

// One person with several clients behind one address casts one vote: two of them in a room of
// three cannot call a vote, four cannot outvote two honest players.
TEST(NamesProcess, AVoteKickCountsOneVotePerAddress) {
  ModeratedServer host;
  Stranger ada(host.server.port, "127.0.0.2", helloAs("ada"));
  Stranger sock1(host.server.port, "127.0.0.9", helloAs("sock1"));
  Stranger sock2(host.server.port, "127.0.0.9", helloAs("sock2"));
  std::vector<Stranger*> crowd{&ada, &sock1, &sock2};
  for (const Stranger* stranger : crowd) {
    ASSERT_EQ(stranger->answer, "welcome");
  }
  sock1.say("/vote kick ada");
  pumpFor(crowd, 0.5);
  EXPECT_THAT(sock1.lines(net::ChatKind::Notice),
              ::testing::Contains("a vote kick needs players from 3 addresses in the room"));
  Stranger bob(host.server.port, "127.0.0.3", helloAs("bob"));
  Stranger sock3(host.server.port, "127.0.0.9", helloAs("sock3"));
  Stranger sock4(host.server.port, "127.0.0.9", helloAs("sock4"));
  crowd.insert(crowd.end(), {&bob, &sock3, &sock4});
  sock1.say("/vote kick ada");
  pumpFor(crowd, 0.5);
  for (Stranger* sock : {&sock2, &sock3, &sock4}) {
    sock->say("/vote yes");
  }
  pumpFor(crowd, 1.0);
  EXPECT_EQ(ada.goodbye(), "") << "four clients of one address outvoted the room";
  bob.say("/vote no");
  pumpFor(crowd, 1.0);
  EXPECT_THAT(ada.lines(net::ChatKind::Server),
              ::testing::Contains("the vote to kick ada failed (1 yes of 2 needed)"));
  EXPECT_EQ(ada.goodbye(), "");
}

// Spectators are all named "spectator": a mute by name alone let a muted player talk on by
// rejoining to watch. The mute follows its address.
TEST(NamesProcess, AMuteFollowsItsPlayerIntoSpectating) {
  ModeratedServer host;
  std::optional<Stranger> wile;
  wile.emplace(host.server.port, "127.0.0.2", helloAs("wile"));
  Stranger road(host.server.port, "127.0.0.3", helloAs("road"));
  ASSERT_EQ(wile->answer, "welcome");
  ASSERT_EQ(road.answer, "welcome");
  ASSERT_EQ(host.admin("mute wile").exitCode, 0);
  wile->peer.disconnect();
  wile.reset();
  net::Hello watching = helloAs("");
  watching.spectator = true;
  Stranger watcher(host.server.port, "127.0.0.2", watching);
  ASSERT_EQ(watcher.answer, "welcome");
  watcher.say("muted? not as a spectator");
  pumpFor({&watcher, &road}, 1.0);
  for (const std::string& line : road.lines(net::ChatKind::Player)) {
    EXPECT_EQ(line.find("muted?"), std::string::npos) << "road heard: " << line;
  }
  EXPECT_THAT(watcher.lines(net::ChatKind::Notice),
              ::testing::Contains(HasSubstr("you are muted")));
}

}  // namespace
}  // namespace coyote::test
