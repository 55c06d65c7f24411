// Chat (docs/playing.md#chat) between real clients and a real server over ENet on 127.0.0.1, on
// a made-up clock: lines in order with their sender's name, the server's own lines, hostile
// text refused with its reason, a flooder throttled then kicked while the others play on.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/chat_lines.h"
#include "support/network.h"
#include "support/raw_peer.h"

namespace coyote {
namespace {

using test::linesOf;
using test::playing;
using ::testing::HasSubstr;

ServerConfig chatConfig() {
  ServerConfig config = test::testServerConfig();
  config.peersPerAddress = 16;
  return config;
}

struct TwoPlayers {
  test::LoopbackMatch match{chatConfig()};
  ClientSession ada{test::clientOptions(match.port(), "ada"), test::quietLogger()};
  ClientSession bob{test::clientOptions(match.port(), "bob"), test::quietLogger()};

  TwoPlayers() {
    EXPECT_TRUE(match.pumpUntil(
        {&ada, &bob}, [&] { return playing(ada) && playing(bob); }, 5.0));
  }
  void pump(double seconds) { match.pumpFor({&ada, &bob}, seconds); }
  /// `raw` joins as mallory, a client of no Coyote build, and sends `text` as a chat line.
  void malloryJoinsAndSays(test::RawPeer& raw, const std::string& text) {
    match.watch(raw);
    ASSERT_TRUE(match.pumpUntil(
        {&ada, &bob}, [&] { return raw.connected(); }, 3.0));
    raw.send(net::Hello{net::kProtocolVersion, "mallory", {}, false, 0}, net::kReliableChannel);
    pump(0.5);
    raw.send(net::ChatSay{text}, net::kReliableChannel);
    pump(0.5);
  }
};

TEST(Chat, LinesReachTheRoomInOrderWithTheSendersName) {
  TwoPlayers room;
  for (const char* text : {"hello", "ça va ?", "gg 🦊"}) {
    EXPECT_EQ(room.ada.say(text), "");
  }
  room.pump(0.5);
  const std::vector<std::string> expected{"hello", "ça va ?", "gg 🦊"};
  EXPECT_EQ(linesOf(room.bob, net::ChatKind::Player, "ada"), expected);
  EXPECT_EQ(linesOf(room.ada, net::ChatKind::Player, "ada"), expected);  // its own, echoed
  EXPECT_THAT(linesOf(room.bob, net::ChatKind::Server), ::testing::Contains("bob joined"));
  EXPECT_EQ(room.match.server().metrics().malformedPackets, 0u);
}

TEST(Chat, TheServerSaysWhoLeaves) {
  TwoPlayers room;
  room.bob.disconnect();
  room.match.pumpFor({&room.ada}, 0.5);
  EXPECT_THAT(linesOf(room.ada, net::ChatKind::Server), ::testing::Contains("bob left"));
}

TEST(Chat, HostileLinesAreRefusedWithTheirReasonAndReachNobody) {
  TwoPlayers room;
  // The client refuses them itself...
  EXPECT_THAT(room.ada.say("\x1b[2Jowned"), HasSubstr("control character"));
  EXPECT_THAT(room.ada.say("bad \xff byte"), HasSubstr("not valid UTF-8"));
  EXPECT_THAT(room.ada.say(std::string(121, 'a')), HasSubstr("longer than 120 characters"));
  EXPECT_THAT(room.ada.say(""), HasSubstr("empty"));
  std::string longest;
  for (int i = 0; i < 120; ++i) {
    longest += "é";  // 120 characters, 240 bytes: fine
  }
  EXPECT_EQ(room.ada.say(longest), "");
  // ...and the server too, when a client sends them anyway.
  test::RawPeer raw(room.match.port());
  room.malloryJoinsAndSays(raw, "line\nforged: admin: hi");
  EXPECT_EQ(linesOf(room.bob, net::ChatKind::Player, "ada"), std::vector<std::string>{longest});
  EXPECT_TRUE(linesOf(room.bob, net::ChatKind::Player, "mallory").empty());
  bool told = false;
  for (const net::Message& message : raw.takeMessages()) {
    if (const auto* line = std::get_if<net::ChatLine>(&message)) {
      told = told || (line->kind == net::ChatKind::Notice &&
                      line->text.find("control character") != std::string::npos);
    }
  }
  EXPECT_TRUE(told) << "the sender is told why";
  EXPECT_EQ(room.match.server().metrics().malformedPackets, 1u);
}

// Chat, the malformed-packet count and the others keep their state by session id
// (server/session/per_session.h): it is there while the session is, and goes with it.
TEST(Chat, WhatThePartsKeptOfASessionGoesWithIt) {
  TwoPlayers room;
  EXPECT_EQ(room.ada.say("hello"), "");
  EXPECT_EQ(room.bob.say("hi"), "");
  test::RawPeer raw(room.match.port());
  room.malloryJoinsAndSays(raw, "line\nforged");
  // ada's and bob's chat rates; mallory's, its notice and its malformed packet.
  EXPECT_EQ(room.match.server().sessionStateKept(), 4u);
  room.ada.disconnect();
  room.bob.disconnect();
  raw.disconnect();
  room.match.pumpFor({&room.ada, &room.bob}, 1.0);
  EXPECT_FALSE(room.match.server().hasConnections());
  EXPECT_EQ(room.match.server().sessionStateKept(), 0u);
}

// A burst of 5, then 1 a second; the excess is dropped and the sender told; 10 lines of excess in
// 10 s get it kicked. The others' frames keep coming all along.
TEST(Chat, AFlooderIsThrottledThenKickedAndTheOthersPlayOn) {
  TwoPlayers room;
  const std::uint32_t before = room.bob.stats().confirmedTick;
  for (int i = 0; i < 8; ++i) {
    room.ada.say(fmt::format("spam {}", i));
  }
  room.pump(0.3);
  EXPECT_EQ(linesOf(room.bob, net::ChatKind::Player, "ada").size(), 5u);
  EXPECT_THAT(linesOf(room.ada, net::ChatKind::Notice),
              ::testing::Contains(HasSubstr("at most 5 lines at once")));
  EXPECT_TRUE(playing(room.ada));
  for (int i = 0; i < 20; ++i) {
    room.ada.say(fmt::format("more spam {}", i));
  }
  room.pump(1.0);
  EXPECT_EQ(room.ada.phase(), ClientPhase::Disconnected);
  EXPECT_THAT(room.ada.endReason(), HasSubstr("chat flood"));
  const std::vector<std::string> serverLines = linesOf(room.bob, net::ChatKind::Server);
  EXPECT_EQ(std::count(serverLines.begin(), serverLines.end(), "ada was kicked (chat flood)"), 1)
      << "once, whatever it still sent on its way out";
  EXPECT_LE(linesOf(room.bob, net::ChatKind::Player, "ada").size(), 6u);
  EXPECT_TRUE(playing(room.bob));
  room.match.pumpFor({&room.bob}, 1.0);
  EXPECT_GT(room.bob.stats().confirmedTick, before + 60);  // two seconds of ticks
  EXPECT_TRUE(room.bob.stats().confirmedHashMatches);
}

// Long lines from many players: each client receives at most about 1 KB of chat a second.
TEST(Chat, ARoomsChatStaysWithinAKilobyteASecondToEachClient) {
  test::LoopbackMatch match(chatConfig());
  test::Crowd crowd(match.port(), 8);
  std::vector<std::unique_ptr<ClientSession>>& players = crowd.players;
  const std::vector<ClientSession*>& sessions = crowd.sessions;
  ASSERT_TRUE(match.pumpUntil(
      sessions, [&] { return crowd.allPlaying(); }, 5.0));
  const std::string line(120, 'x');
  for (int second = 0; second < 5; ++second) {
    for (auto& player : players) {
      player->say(line);  // 8 lines of 120 characters a second: each within its own rate
    }
    match.pumpFor(sessions, 1.0);
  }
  std::size_t bytes = 0;
  for (const ChatEntry& entry : players[0]->chat().lines()) {
    bytes += entry.kind == net::ChatKind::Player ? entry.text.size() + entry.name.size() : 0;
  }
  EXPECT_GT(bytes, 2000u);               // chat went
  EXPECT_LE(bytes, 2048u + 5u * 1024u);  // burst + 1 KB a second
}

}  // namespace
}  // namespace coyote
