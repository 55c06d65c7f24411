// Rooms (docs/hosting.md#rooms): several matches on one server and one socket, over real ENet
// sockets on 127.0.0.1, driven by a made-up clock.
#include <filesystem>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "scenario/random_inputs.h"
#include "support/network.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using test::playing;
using ::testing::HasSubstr;

/// A level unlike networkTestLevel(): 12 tiles wide instead of 20.
Level narrowLevel() {
  return levelFromAscii(
      "############\n"
      "#..........#\n"
      "#..S....S..#\n"
      "#..--......#\n"
      "############\n");
}

ServerConfig roomsConfig() {
  ServerConfig config = test::testServerConfig();
  config.maxRooms = 3;
  config.roomIdleSeconds = 1.0f;
  config.reconnectWindow = 0.5f;
  config.peersPerAddress = 16;  // every client is on 127.0.0.1
  return config;
}

RoomLevels narrowRoom() {
  RoomLevels levels;
  levels.emplace("narrow", narrowLevel());
  return levels;
}

std::unique_ptr<ClientSession> joinRoom(test::LoopbackMatch& match, const std::string& name,
                                        const std::string& room) {
  ClientOptions options = test::clientOptions(match.port(), name);
  options.room = room;
  return std::make_unique<ClientSession>(options, test::quietLogger());
}

int charactersIn(const WorldState& state) {
  int count = 0;
  for (const Character& character : state.characters) {
    count += character.active ? 1 : 0;
  }
  return count;
}

std::vector<ClientSession*> pointers(const std::vector<std::unique_ptr<ClientSession>>& clients) {
  std::vector<ClientSession*> all;
  for (const auto& client : clients) {
    all.push_back(client.get());
  }
  return all;
}

bool allPlaying(const std::vector<ClientSession*>& clients) {
  return std::all_of(clients.begin(), clients.end(),
                     [](const ClientSession* c) { return c->phase() == ClientPhase::Playing; });
}

TEST(Rooms, ThreeRoomsPlayAtOnceEachOnItsOwnLevelTicksAndHashes) {
  test::LoopbackMatch match(roomsConfig(), test::networkTestLevel(), test::quietLogger(),
                            narrowRoom());
  match.pumpFor({}, 0.5);  // main ticks alone for a while: the other rooms start later
  std::vector<std::unique_ptr<ClientSession>> clients;
  const std::vector<std::pair<const char*, const char*>> seats = {
      {"a", "main"}, {"b", "main"}, {"c", "narrow"}, {"d", "open"}, {"e", "open"}, {"f", "open"}};
  for (const auto& [name, room] : seats) {
    clients.push_back(joinRoom(match, name, room));
  }
  const std::vector<ClientSession*> all = pointers(clients);
  ASSERT_TRUE(match.pumpUntil(
      all, [&] { return allPlaying(all); }, 5.0));
  std::vector<RandomInputs> sources;
  for (std::size_t i = 0; i < all.size(); ++i) {
    sources.emplace_back(300 + i);
  }
  TickInputs buffer{};
  match.pumpFor(all, 2.0, [&](std::size_t client, std::uint32_t) {
    sources[client].next(buffer, 1);
    return buffer[0];
  });

  const auto& rooms = match.server().rooms();
  ASSERT_EQ(rooms.size(), 3u);
  EXPECT_EQ(rooms.at("main")->metrics().players, 2);
  EXPECT_EQ(rooms.at("narrow")->metrics().players, 1);
  EXPECT_EQ(rooms.at("open")->metrics().players, 3);
  EXPECT_EQ(match.server().metrics().players, 6);
  EXPECT_GT(rooms.at("main")->tick(), rooms.at("open")->tick() + 20) << "each room its own tick";
  EXPECT_EQ(clients[2]->level().width(), 12) << "narrow plays its listed level";
  EXPECT_EQ(clients[3]->level().width(), 20) << "an unlisted room plays world.level";
  EXPECT_EQ(charactersIn(clients[0]->confirmed()), 2);
  EXPECT_EQ(charactersIn(clients[2]->confirmed()), 1);
  EXPECT_EQ(charactersIn(clients[5]->confirmed()), 3);
  for (const ClientSession* client : all) {
    EXPECT_GT(client->stats().confirmedTick, 60u) << client->options().name;
    EXPECT_TRUE(client->stats().confirmedHashMatches) << client->options().name;
    EXPECT_EQ(client->stats().unrepairedDesyncs(), 0u) << client->options().name;
  }
  EXPECT_EQ(clients[3]->playerSlot(), 0) << "slots are numbered per room";
  EXPECT_EQ(clients[0]->playerSlot(), 0);
}

TEST(Rooms, AnEmptiedRoomClosesAfterItsIdleTimeAndReopensFresh) {
  test::LoopbackMatch match(roomsConfig(), test::networkTestLevel(), test::quietLogger(),
                            narrowRoom());
  auto first = joinRoom(match, "first", "narrow");
  ASSERT_TRUE(match.pumpUntil(
      {first.get()}, [&] { return first->phase() == ClientPhase::Playing; }, 5.0));
  match.pumpFor({first.get()}, 1.5);
  const std::uint32_t playedTo = match.server().rooms().at("narrow")->tick();
  EXPECT_GT(playedTo, 80u);
  const std::uint64_t fullStates = match.server().metrics().fullStatesSent;
  first->disconnect();
  first.reset();

  // The reservation lasts 0.5 s, then the room stays 1 s empty before it closes.
  match.serverOnlyFor(1.0);
  EXPECT_EQ(match.server().rooms().count("narrow"), 1u) << "not yet idle long enough";
  ASSERT_TRUE(match.pumpUntil(
      {}, [&] { return match.server().rooms().count("narrow") == 0; }, 2.0));
  EXPECT_EQ(match.server().rooms().count("main"), 1u) << "main never closes";
  EXPECT_GE(match.server().metrics().fullStatesSent, fullStates) << "counters never go down";

  auto second = joinRoom(match, "second", "narrow");
  ASSERT_TRUE(match.pumpUntil(
      {second.get()}, [&] { return second->phase() == ClientPhase::Playing; }, 5.0));
  EXPECT_LT(match.server().rooms().at("narrow")->tick(), 30u) << "a new room starts at tick 0";
  EXPECT_EQ(second->playerSlot(), 0);
  match.pumpFor({second.get()}, 0.5);
  EXPECT_EQ(charactersIn(second->confirmed()), 1) << "nobody left over from the old room";
  EXPECT_TRUE(second->stats().confirmedHashMatches);
}

TEST(Rooms, ARoomThatCannotBeOpenedIsRefusedWithTheReason) {
  ServerConfig config = roomsConfig();
  config.createUnknownRooms = false;
  config.maxRooms = 2;
  RoomLevels levels = narrowRoom();
  levels.emplace("third", narrowLevel());
  test::LoopbackMatch match(config, test::networkTestLevel(), test::quietLogger(),
                            std::move(levels));
  auto unknown = joinRoom(match, "u", "nowhere");
  auto badName = joinRoom(match, "v", "Big Room");
  auto listed = joinRoom(match, "w", "narrow");
  const std::vector<ClientSession*> first = {unknown.get(), badName.get(), listed.get()};
  ASSERT_TRUE(match.pumpUntil(
      first,
      [&] {
        return unknown->phase() == ClientPhase::Refused &&
               badName->phase() == ClientPhase::Refused && listed->phase() == ClientPhase::Playing;
      },
      5.0));
  EXPECT_THAT(unknown->endReason(), HasSubstr("no room named nowhere"));
  EXPECT_THAT(badName->endReason(), HasSubstr("a-z, 0-9"));

  auto beyond = joinRoom(match, "x", "third");
  ASSERT_TRUE(match.pumpUntil(
      {beyond.get(), listed.get()}, [&] { return beyond->phase() == ClientPhase::Refused; }, 5.0));
  EXPECT_THAT(beyond->endReason(), HasSubstr("all 2 rooms"));
  EXPECT_EQ(match.server().rooms().size(), 2u);
}

// A room whose replay cannot be written is refused; the server and its other rooms go on.
TEST(Rooms, ARoomWhoseReplayCannotBeWrittenIsRefusedAndTheServerGoesOn) {
  test::TempDirectory directory;
  std::filesystem::create_directory(directory.path() / "main");
  ServerConfig config = roomsConfig();
  config.record = (directory.path() / "{room}" / "game.rpl").string();  // no folder "broken"
  test::LoopbackMatch match(config);
  auto broken = joinRoom(match, "b", "broken");
  auto player = joinRoom(match, "p", "main");
  ASSERT_TRUE(match.pumpUntil(
      {broken.get(), player.get()},
      [&] {
        return broken->phase() == ClientPhase::Refused && player->phase() == ClientPhase::Playing;
      },
      5.0));
  EXPECT_THAT(broken->endReason(), HasSubstr("room broken could not be opened"));
  match.pumpFor({player.get()}, 0.5);
  EXPECT_TRUE(player->stats().confirmedHashMatches);
  EXPECT_EQ(match.server().rooms().size(), 1u);
  match.stop();
  EXPECT_TRUE(std::filesystem::exists(directory.path() / "main" / "game.rpl"));
}

TEST(Rooms, AReconnectTokenOfOneRoomReservesNothingInAnother) {
  test::LoopbackMatch match(roomsConfig(), test::networkTestLevel(), test::quietLogger(),
                            narrowRoom());
  auto player = joinRoom(match, "p", "narrow");
  auto stays = joinRoom(match, "s", "main");
  ASSERT_TRUE(match.pumpUntil(
      {player.get(), stays.get()},
      [&] {
        return allPlaying({player.get(), stays.get()});
      },
      5.0));
  const net::ReconnectToken token = player->reconnectToken();
  player->disconnect();
  player.reset();
  ClientOptions options = test::clientOptions(match.port(), "p-again");
  options.reconnectToken = token;  // but to room main
  ClientSession elsewhere(options, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&elsewhere, stays.get()}, [&] { return elsewhere.phase() == ClientPhase::Playing; }, 5.0));
  EXPECT_EQ(elsewhere.playerSlot(), 1) << "a newcomer in main, next to slot 0";
  EXPECT_EQ(match.server().rooms().at("main")->metrics().players, 2);
}

TEST(Rooms, TheRecordPathNamesTheRoom) {
  EXPECT_EQ(roomRecordPath("/r/{room}.rpl", "narrow"), "/r/narrow.rpl");
  EXPECT_EQ(roomRecordPath("/r/{room}.rpl", "main"), "/r/main.rpl");
  EXPECT_EQ(roomRecordPath("/r/game.rpl", "main"), "/r/game.rpl");
  EXPECT_EQ(roomRecordPath("/r/game.rpl", "narrow"), "") << "without {room}, main only";
  EXPECT_EQ(roomRecordPath("", "main"), "");
}

// Join-and-leave handshakes hold no room: when every room is open, one that nobody attends
// (only the reservations of players who left) gives way to a newcomer, and a room whose only
// occupants are reservations of players who stayed seconds closes after its idle time, without
// waiting out their reconnect window.
TEST(Rooms, RoomsOfPlayersWhoLeftGiveWayToANewcomer) {
  ServerConfig config = roomsConfig();
  config.reconnectWindow = 30.0f;  // reservations that would hold a room for half a minute
  config.roomIdleSeconds = 20.0f;
  test::LoopbackMatch match(config);
  for (const char* room : {"first", "second"}) {
    auto hoarder = joinRoom(match, std::string("hoarder of ") + room, room);
    ASSERT_TRUE(match.pumpUntil(
        {hoarder.get()}, [&] { return playing(*hoarder); }, 5.0));
    hoarder->disconnect();
    match.pumpFor({}, 0.1);
  }
  ASSERT_EQ(match.server().rooms().size(), 3u) << "main, first and second: every room is open";
  auto newcomer = joinRoom(match, "newcomer", "third");
  ASSERT_TRUE(match.pumpUntil(
      {newcomer.get()}, [&] { return newcomer->phase() != ClientPhase::Connecting; }, 5.0));
  EXPECT_TRUE(playing(*newcomer)) << newcomer->endReason();
  EXPECT_FALSE(match.server().rooms().contains("first")) << "the room left longest gave way";
  EXPECT_TRUE(match.server().rooms().contains("second"));
  // The second room's one reservation is of a player who stayed seconds: it closes after its
  // idle time (20 s), not after the reconnect window on top of it (50 s).
  match.pumpFor({newcomer.get()}, 21.0);
  EXPECT_FALSE(match.server().rooms().contains("second"));
  EXPECT_TRUE(playing(*newcomer));
}

// One address opens at most rooms.opens_per_address rooms a minute; the next is refused with the
// reason, and the limit is its own: a room already open is joined as before.
TEST(Rooms, AnAddressOpensAtMostItsRoomsAMinute) {
  ServerConfig config = roomsConfig();
  config.maxRooms = 8;
  config.roomOpensPerAddress = 2;
  test::LoopbackMatch match(config);
  std::vector<std::unique_ptr<ClientSession>> clients;
  for (const char* room : {"one", "two", "three"}) {
    clients.push_back(joinRoom(match, std::string("opener of ") + room, room));
    ClientSession& client = *clients.back();
    ASSERT_TRUE(match.pumpUntil(
        {&client}, [&] { return client.phase() != ClientPhase::Connecting; }, 5.0));
  }
  EXPECT_TRUE(playing(*clients[0]));
  EXPECT_TRUE(playing(*clients[1]));
  EXPECT_EQ(clients[2]->phase(), ClientPhase::Refused);
  EXPECT_THAT(clients[2]->endReason(), HasSubstr("opened 2 rooms in the last minute"));
  auto joiner = joinRoom(match, "joiner", "one");
  ASSERT_TRUE(match.pumpUntil(
      {joiner.get(), clients[0].get()}, [&] { return joiner->phase() != ClientPhase::Connecting; },
      5.0));
  EXPECT_TRUE(playing(*joiner)) << joiner->endReason();
}

}  // namespace
}  // namespace coyote

namespace coyote {
namespace {

std::size_t mainRoomBytes(const test::LoopbackMatch& match) {
  for (const RoomFigures& room : match.server().roomFigures()) {
    if (room.name == net::kDefaultRoom) {
      return room.memoryBytes;
    }
  }
  ADD_FAILURE() << "no room main";
  return 0;
}

// A room's memory follows who is in it (issue: cost per player): 8 players join, play and leave,
// their reservations expire, and the room holds what an empty one holds, within 10 %.
TEST(Rooms, ARoomEmptiedAgainHoldsWhatAnEmptyOneHolds) {
  ServerConfig config = roomsConfig();
  config.peersPerAddress = 16;
  test::LoopbackMatch match(config);
  match.serverOnlyFor(3.0);  // a whole tick history of an empty room
  const std::size_t empty = mainRoomBytes(match);
  {
    test::Crowd crowd(match.port(), 8);
    std::vector<ClientSession*>& sessions = crowd.sessions;
    RandomInputs random(3);
    TickInputs inputs{};
    ASSERT_TRUE(match.pumpUntil(
        sessions, [&] { return crowd.allPlaying(); }, 5.0));
    match.pumpFor(sessions, 3.0, [&](std::size_t client, std::uint32_t) {
      if (client == 0) {
        random.next(inputs, 8);
      }
      return inputs[client];
    });
    const std::size_t busy = mainRoomBytes(match);
    EXPECT_GT(busy, empty + 8 * 16 * 1024) << "8 inboxes of 16 KB and more history";
    for (auto& player : crowd.players) {
      player->disconnect();
    }
  }
  match.serverOnlyFor(4.0);  // reservations expire (0.5 s), the history rolls over (2 s)
  const std::size_t after = mainRoomBytes(match);
  EXPECT_LE(static_cast<double>(after), 1.10 * static_cast<double>(empty))
      << "empty " << empty << " B, after 8 players left " << after << " B";
}

}  // namespace
}  // namespace coyote
