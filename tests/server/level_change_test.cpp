// A room's level changed through the admin API (docs/hosting.md#changing-a-rooms-level), with
// real clients on a real server and a real HTTP port on 127.0.0.1: every client moves to the new
// level on the connection it has, at once or when the runs underway end.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/bundled_level.h"
#include "support/moderated_room.h"
#include "support/raw_peer.h"

namespace coyote {
namespace {

using test::Answer;
using test::ModeratedRoom;
using ::testing::Contains;
using ::testing::HasSubstr;

/// A server whose main room plays `main`, which also knows race.tmj and the small test level.
ModeratedRoom withTheRaceLoaded(const std::vector<std::string>& names,
                                const Level& main = test::networkTestLevel()) {
  RoomLevels levels;
  levels.emplace("cup", test::bundledLevel("race.tmj"));
  levels.emplace("small", test::networkTestLevel());
  return ModeratedRoom(names, test::testServerConfig(), main, std::move(levels));
}

bool onLevel(ClientSession& client, const std::string& level, int changes) {
  return test::playing(client) && client.level().name == level &&
         client.connection().levelChanges() == changes;
}

TEST(LevelChange, AtOnceMovesEveryPlayerOntoTheNewLevelOnItsOwnConnection) {
  ModeratedRoom room = withTheRaceLoaded({"ada", "bob"});
  const Answer listed = room.request("GET", "/admin/levels");
  ASSERT_EQ(listed.status, 200) << listed.body;
  std::vector<std::string> names;
  const nlohmann::json levels = listed.json();
  for (const auto& level : levels["levels"]) {
    names.push_back(level["name"].get<std::string>());
  }
  EXPECT_THAT(names, Contains("race.tmj")) << listed.body;
  room.pump(1.0);
  const std::uint32_t oldTick = room.player(0).confirmed().tick;
  ASSERT_GT(oldTick, 30u);

  const Answer changed = room.request("POST", "/admin/level", "level=race");
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_EQ(changed.json()["applied"], "now");
  ASSERT_TRUE(room.match.pumpUntil(
      room.sessions(),
      [&] {
        return onLevel(room.player(0), "race.tmj", 1) && onLevel(room.player(1), "race.tmj", 1);
      },
      3.0));
  room.pump(2.0);  // two seconds of play on the new level

  for (std::size_t i = 0; i < 2; ++i) {
    ClientSession& player = room.player(i);
    EXPECT_EQ(player.stats().reconnects, 0u) << "the same connection";
    EXPECT_LT(player.confirmed().tick, oldTick + 60u) << "a new world, from its own start";
    EXPECT_GT(player.confirmed().tick, 60u);
    EXPECT_TRUE(player.stats().confirmedHashMatches) << i;
    EXPECT_EQ(player.stats().unrepairedDesyncs(), 0u) << i;
    EXPECT_EQ(player.nameOf(room.player(1 - i).playerSlot()), i == 0 ? "bob" : "ada");
    EXPECT_THAT(test::linesOf(player, net::ChatKind::Server),
                Contains("the level is now race.tmj"));
  }
  EXPECT_EQ(room.match.server().metrics().malformedPackets, 0u)
      << "the inputs still on their way for the old world are not held against anyone";
  const nlohmann::json rooms = room.request("GET", "/admin/players").json()["rooms"];
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0]["level"], "race.tmj");
  EXPECT_EQ(rooms[0]["mode"], "race");
  EXPECT_EQ(rooms[0]["players"].size(), 2u);
}

TEST(LevelChange, AtTheRacesEndWaitsForTheRunUnderwayThenForItsDeadline) {
  ModeratedRoom room = withTheRaceLoaded({"ada"}, test::bundledLevel("race.tmj"));
  // Nobody runs yet: a change for the race's end applies at once.
  const Answer idle = room.request("POST", "/admin/level", "level=race.tmj&when=race_end");
  ASSERT_EQ(idle.status, 200) << idle.body;
  EXPECT_EQ(idle.json()["applied"], "now");
  ASSERT_TRUE(room.match.pumpUntil(
      room.sessions(), [&] { return onLevel(room.player(0), "race.tmj", 1); }, 3.0));

  // Out of the start to the right: a run starts and is underway.
  const Room& main = *room.match.server().rooms().at("main");
  const auto right = [](std::size_t, std::uint32_t) { return PlayerInput{kAxisMax, 0, 0}; };
  ASSERT_TRUE(room.match.pumpUntil(
      room.sessions(), [&] { return main.runnersUnderway() == 1; }, 5.0, right));
  const Answer waiting =
      room.request("POST", "/admin/level",
                   fmt::format("level={}&when=race_end&wait=3", test::networkTestLevel().name));
  ASSERT_EQ(waiting.status, 200) << waiting.body;
  EXPECT_EQ(waiting.json()["applied"], "at the race's end");
  const nlohmann::json levels = room.request("GET", "/admin/levels").json();
  EXPECT_EQ(levels["rooms"][0]["next_level"], test::networkTestLevel().name);
  room.pump(2.0);
  EXPECT_EQ(room.player(0).level().name, "race.tmj") << "the run is still underway";
  EXPECT_THAT(test::linesOf(room.player(0), net::ChatKind::Server),
              Contains(HasSubstr("when the runs underway end")));
  ASSERT_TRUE(room.match.pumpUntil(
      room.sessions(), [&] { return onLevel(room.player(0), test::networkTestLevel().name, 2); },
      2.0))
      << "the deadline came";
}

TEST(LevelChange, EveryMalformedArgumentIsRefusedNamingItAndNothingChanges) {
  ModeratedRoom room = withTheRaceLoaded({"ada"});
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "level:"},
      {"level=nowhere.tmj", "level:"},
      {"level=../configs/levels/race.tmj", "level:"},
      {"level=race&room=Main!", "room:"},
      {"level=race&when=later", "when:"},
      {"level=race&when=race_end&wait=-1", "wait:"},
      {"level=race&when=race_end&wait=3601", "wait:"},
      {"level=race&when=race_end&wait=1e3", "wait:"},
  };
  for (const auto& [body, field] : cases) {
    const Answer answer = room.request("POST", "/admin/level", body);
    EXPECT_TRUE(answer.status == 400 || answer.status == 404) << body << ": " << answer.status;
    EXPECT_THAT(answer.json().value("error", std::string()), ::testing::StartsWith(field)) << body;
  }
  room.pump(0.5);
  EXPECT_EQ(room.player(0).connection().levelChanges(), 0);
  EXPECT_EQ(room.player(0).level().name, test::networkTestLevel().name);
}

TEST(LevelChange, ARoomNotOpenYetPlaysTheLevelSetForItWhenItOpens) {
  ModeratedRoom room = withTheRaceLoaded({"ada"});
  const Answer answer = room.request("POST", "/admin/level", "level=race&room=later");
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(answer.json()["applied"], "when the room opens");
  ClientOptions options = test::clientOptions(room.match.port(), "bob");
  options.room = "later";
  room.players.push_back(std::make_unique<ClientSession>(options, test::quietLogger()));
  ASSERT_TRUE(room.match.pumpUntil(
      room.sessions(), [&] { return test::playing(room.player(1)); }, 5.0));
  EXPECT_EQ(room.player(1).level().name, "race.tmj");
  EXPECT_EQ(room.player(0).level().name, test::networkTestLevel().name) << "main is unchanged";
}

// A player kicked a moment before its room changes level, whose client never answers, was left
// closing for 3 s in a room that no longer existed: the server sent it frames from the closed
// room every tick and made it leave that room at the end (freed memory: the sanitizers' build
// fails here without the fix). It now goes at once, with the room it was in.
TEST(LevelChange, AConnectionClosingWhenItsRoomChangesLevelGoesWithTheOldRoom) {
  ModeratedRoom room = withTheRaceLoaded({"ada"});
  test::RawPeer bob(room.match.port());
  const auto polled = [&](auto done) {
    return room.match.pumpUntil(
        room.sessions(),
        [&] {
          bob.poll(room.match.now());
          return done();
        },
        3.0);
  };
  ASSERT_TRUE(polled([&] { return bob.connected(); }));
  bob.send(net::Hello{net::kProtocolVersion, "bob", net::ReconnectToken{}, false, 0},
           net::kReliableChannel);
  ASSERT_TRUE(polled([&] { return bob.received<net::Welcome>(); }));
  ASSERT_EQ(room.match.server().players(), 2);
  // From here bob's socket is never read again: it acknowledges neither its kick nor anything.
  ASSERT_EQ(room.request("POST", "/admin/kick", "player=bob&reason=test").status, 200);
  const Answer changed = room.request("POST", "/admin/level", "level=race");
  ASSERT_EQ(changed.status, 200) << changed.body;
  room.pump(4.0);  // past the 3 s a closing connection is given
  EXPECT_TRUE(onLevel(room.player(0), "race.tmj", 1));
  EXPECT_EQ(room.match.server().players(), 1);
  EXPECT_TRUE(test::playing(room.player(0)));
}

}  // namespace
}  // namespace coyote
