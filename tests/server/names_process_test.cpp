// Who is who (docs/protocol.md#text-and-names), attacked as a stranger would: Hellos from other
// loopback addresses against a real coyote-server, whose admin bans a name through its API. A
// look-alike of a banned name, a second holder of a name, a name that speaks as the server and a
// reconnect token under another name are all refused.
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/admin_server_process.h"
#include "support/stranger.h"

namespace coyote::test {
namespace {

using ::testing::HasSubstr;

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

// A name is shown to everyone as the server checked it, in full Unicode: the room's lines, the
// admin's list of players. Its look-alikes are judged by the same key: a ban or a present
// player's name keeps them out, whatever the accents or the alphabet.
TEST(NamesProcess, ANameIsShownAsItWasChecked) {
  ModeratedServer host;
  ASSERT_EQ(host.admin("ban --name wile").exitCode, 0);
  const std::vector<std::string> names = {"Jos\u00e9",
                                          "M\u00fcller",
                                          "\u0395\u03bb\u03ad\u03bd\u03b7",
                                          "\u0414\u043c\u0438\u0442\u0440\u0438\u0439",
                                          "\u5c71\u7530\u592a\u90ce",
                                          "alice"};
  std::vector<std::unique_ptr<Stranger>> present;
  int address = 2;
  for (const std::string& name : names) {
    present.push_back(std::make_unique<Stranger>(
        host.server.port, fmt::format("127.0.0.{}", address++), helloAs(name)));
    ASSERT_EQ(present.back()->answer, "welcome") << name;
  }
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"W\u00edl\u00e9", "banned"},                    // the banned wile, accented
      {"\u0430lice", "is taken"},                      // alice with a Cyrillic a
      {"\u0395\u039b\u0395\u039d\u0397", "is taken"},  // the Greek name in capitals
      {"jose", "is taken"},                            // José without its accent
  };
  for (const auto& [name, why] : refused) {
    const Stranger lookAlike(host.server.port, fmt::format("127.0.0.{}", address++), helloAs(name));
    EXPECT_THAT(lookAlike.answer, HasSubstr(why)) << name;
  }
  std::vector<Stranger*> crowd;
  for (const auto& stranger : present) {
    crowd.push_back(stranger.get());
  }
  pumpFor(crowd, 0.5);
  const std::vector<std::string> heard = present.front()->lines(net::ChatKind::Server);
  const std::string players = host.admin("players").output;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) {  // the first heard the others come
      EXPECT_THAT(heard, ::testing::Contains(names[i] + " joined")) << "the room's line";
    }
    EXPECT_THAT(players, HasSubstr(names[i])) << "the admin's list";
  }
}

TEST(NamesProcess, AReconnectTokenUnderAnotherNameDoesNotDodgeABanOfItsName) {
  ModeratedServer host;
  const Departed wile = joinAndLeave(host.server.port, "127.0.0.2", "wile");
  ASSERT_EQ(wile.answer, "welcome");
  ASSERT_EQ(host.admin("ban --name wile").exitCode, 0);
  const Stranger back(host.server.port, "127.0.0.3", helloAs("innocent", wile.token), wile.key);
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

/// wile is muted, leaves, and comes back from `address` (with its own key, or a new one) to
/// watch: what it says reaches nobody, and it is told so.
void expectAMuteToFollowWileIntoSpectating(const std::string& address, bool sameKey) {
  ModeratedServer host;
  std::optional<Stranger> wile;
  wile.emplace(host.server.port, "127.0.0.2", helloAs("wile"));
  Stranger road(host.server.port, "127.0.0.3", helloAs("road"));
  ASSERT_EQ(wile->answer, "welcome");
  ASSERT_EQ(road.answer, "welcome");
  ASSERT_EQ(host.admin("mute wile").exitCode, 0);
  const identity::PlayerKey key = wile->peer.key();
  wile.reset();
  net::Hello watching = helloAs("");
  watching.spectator = true;
  Stranger watcher(host.server.port, address, watching,
                   sameKey ? std::optional(key) : std::nullopt);
  ASSERT_EQ(watcher.answer, "welcome");
  watcher.say("muted? not as a spectator");
  pumpFor({&watcher, &road}, 1.0);
  for (const std::string& line : road.lines(net::ChatKind::Player)) {
    EXPECT_EQ(line.find("muted?"), std::string::npos) << "road heard: " << line;
  }
  EXPECT_THAT(watcher.lines(net::ChatKind::Notice),
              ::testing::Contains(HasSubstr("you are muted")));
}

// Spectators are all named "spectator": a mute by name alone let a muted player talk on by
// rejoining to watch. The mute follows its address, with a new key…
TEST(NamesProcess, AMuteFollowsItsPlayerIntoSpectating) {
  expectAMuteToFollowWileIntoSpectating("127.0.0.2", false);
}

// … and its key, from another address.
TEST(NamesProcess, AMuteFollowsItsKeyToAnotherAddressAndIntoSpectating) {
  expectAMuteToFollowWileIntoSpectating("127.0.0.4", true);
}

}  // namespace
}  // namespace coyote::test
