// The admin API's commands without a socket or an HTTP port: a real RoomDirectory whose rooms
// hold connections without ENet peers, a RecordingOutbox for what goes out, Moderation for the
// bans and mutes.
#include "server/admin/admin_commands.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "commands/command_list.h"
#include "support/socketless_room.h"
#include "support/unix_time.h"

namespace coyote::test {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;

struct AdminDeskTest {
  ServerConfig config = [] {
    ServerConfig withoutReplays = testServerConfig();
    withoutReplays.record.clear();
    return withoutReplays;
  }();
  RecordingOutbox outbox;
  Moderation moderation{config, quietLogger(), 0.0, kUnixAtStart, nullptr};
  ChatRouter chat{outbox, moderation, quietLogger()};
  std::vector<std::string> moved;  ///< players the level changes moved, in order
  RoomDirectory rooms{
      config,
      RoomCatalog(networkTestLevel(), {}, true),
      quietLogger(),
      outbox,
      {.move = [this](Connection&, Room&, const std::string& player) { moved.push_back(player); },
       .announce = [this](const Room& room, const std::string& text) { chat.announce(room, text); },
       .closed = [](const Room&) {}},
      0.0};
  RecordsBridge records{nullptr, 16, chat, outbox, quietLogger()};
  AdminCommands commands{config, quietLogger(), rooms, moderation, chat, records};
  SocketlessPeople people;

  AdminReply run(const std::string& action, HttpServer::Query arguments = {}, double now = 1.0) {
    return commands.run({action, std::move(arguments)}, now);
  }
};

TEST(AdminCommands, EveryCommandOfTheTableHasAHandlerAndNoOtherActionRuns) {
  AdminDeskTest test;  // the constructor throws if one has none
  for (const commands::Command* command : commands::commandsFor(commands::kAdmin)) {
    EXPECT_NE(test.run(std::string(command->name)).status, 404) << command->name;
  }
  const AdminReply unknown = test.run("shutdown");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_THAT(unknown.json, HasSubstr("no such admin command: shutdown"));
}

TEST(AdminCommands, AKickPutsOutEveryoneOfThatNameInTheRoomAndSaysWhy) {
  AdminDeskTest test;
  Connection& wile = test.people.join(test.rooms.main(), "wile");
  Connection& road = test.people.join(test.rooms.main(), "road");
  const AdminReply reply = test.run("kick", {{"player", "WILE"}, {"reason", "spawn camping"}});
  EXPECT_EQ(reply.status, 200) << reply.json;
  EXPECT_EQ(nlohmann::json::parse(reply.json)["kicked"], 1);
  EXPECT_TRUE(wile.kicked());
  EXPECT_FALSE(road.kicked());
  EXPECT_EQ(test.outbox.goodbyes[&wile], "kicked: spawn camping");
  EXPECT_THAT(test.outbox.texts(road), Contains(HasSubstr("wile was kicked (spawn camping)")));
  EXPECT_EQ(test.run("kick", {{"player", "nobody"}}).status, 404);
  EXPECT_EQ(test.run("kick", {}).status, 400);
}

TEST(AdminCommands, AnAddressBanKicksEveryMemberFromItAndIsListed) {
  AdminDeskTest test;
  Connection& wile = test.people.join(test.rooms.main(), "wile", "10.0.0.7");
  Connection& watcher = test.people.watch(test.rooms.main(), "10.0.0.7");
  Connection& road = test.people.join(test.rooms.main(), "road", "10.0.0.8");
  const AdminReply reply =
      test.run("ban", {{"address", "10.0.0.7"}, {"minutes", "60"}, {"reason", "cheating"}});
  EXPECT_EQ(reply.status, 200) << reply.json;
  EXPECT_EQ(nlohmann::json::parse(reply.json)["kicked"], 2);
  EXPECT_TRUE(wile.kicked());
  EXPECT_TRUE(watcher.kicked());
  EXPECT_FALSE(road.kicked());
  const nlohmann::json bans = nlohmann::json::parse(test.run("bans").json);
  ASSERT_EQ(bans["bans"].size(), 1u) << bans.dump();
  EXPECT_EQ(bans["bans"][0]["value"], "10.0.0.7");
  const std::uint64_t id = bans["bans"][0]["id"];
  EXPECT_EQ(test.run("unban", {{"id", std::to_string(id)}}).status, 200);
  EXPECT_EQ(test.run("unban", {{"id", std::to_string(id)}}).status, 404);
  EXPECT_EQ(test.run("ban", {{"address", "10.0.0.7"}, {"name", "wile"}}).status, 400);
}

// A muted player who rejoins as a spectator, or under another name, from its address is still
// muted: spectators are all named "spectator", so a mute by name alone missed them.
TEST(AdminCommands, AMuteFollowsItsPlayerIntoSpectatingAndRenaming) {
  AdminDeskTest test;
  Connection& wile = test.people.join(test.rooms.main(), "wile", "10.0.0.7");
  Connection& road = test.people.join(test.rooms.main(), "road", "10.0.0.8");
  ASSERT_EQ(test.run("mute", {{"player", "wile"}}).json,
            R"({"addresses":1,"minutes":10,"ok":true})");
  test.rooms.main().leave(wile, 2.0);
  Connection& watcher = test.people.watch(test.rooms.main(), "10.0.0.7");
  Connection& renamed = test.people.join(test.rooms.main(), "coyote2", "10.0.0.7");
  test.chat.hear(watcher, "as a spectator", 3.0);
  test.chat.hear(renamed, "under another name", 5.0);
  EXPECT_THAT(test.outbox.texts(road), ::testing::IsEmpty());
  EXPECT_THAT(test.outbox.texts(watcher), Contains(HasSubstr("you are muted")));
  test.chat.hear(road, "still heard", 6.0);
  EXPECT_THAT(test.outbox.texts(watcher), Contains("road: still heard"));
}

TEST(AdminCommands, AMuteLastsItsMinutesAndAnUnmuteEndsIt) {
  AdminDeskTest test;
  EXPECT_EQ(test.run("mute", {{"player", "wile"}, {"minutes", "2"}}).status, 200);
  EXPECT_GT(test.moderation.mutedFor({"wile", "", "10.0.0.1"}, 60.0), 0.0);
  EXPECT_EQ(test.moderation.mutedFor({"wile", "", "10.0.0.1"}, 122.0), 0.0);
  EXPECT_EQ(test.run("mute", {{"player", "wile"}, {"minutes", "0"}}).status, 400);
  EXPECT_EQ(test.run("unmute", {{"player", "wile"}}).status, 200);
  EXPECT_EQ(test.run("unmute", {{"player", "wile"}}).status, 404);
}

TEST(AdminCommands, ABroadcastReachesEveryRoomOrTheOneNamed) {
  AdminDeskTest test;
  Connection& wile = test.people.join(test.rooms.main(), "wile");
  const AdminReply reply = test.run("broadcast", {{"text", "restart in 5 minutes"}});
  EXPECT_EQ(reply.status, 200) << reply.json;
  EXPECT_THAT(test.outbox.texts(wile), Contains(HasSubstr("restart in 5 minutes")));
  EXPECT_EQ(test.run("broadcast", {{"text", "hi"}, {"room", "nowhere"}}).status, 404);
  EXPECT_EQ(test.run("broadcast", {{"text", std::string(500, 'x')}}).status, 400);
}

TEST(AdminCommands, ALevelSetNowMovesTheRoomsClientsToItsNewRoom) {
  AdminDeskTest test;
  test.people.join(test.rooms.main(), "wile");
  test.people.watch(test.rooms.main());
  const std::string level = test.rooms.catalog().levels().front()->name;
  const AdminReply reply = test.run("level", {{"level", level}});
  EXPECT_EQ(reply.status, 200) << reply.json;
  EXPECT_EQ(nlohmann::json::parse(reply.json)["applied"], "now");
  EXPECT_EQ(test.moved, (std::vector<std::string>{"wile", ""}));
  EXPECT_EQ(test.rooms.main().levelEpoch(), 1);
  EXPECT_EQ(test.run("level", {{"level", "no-such-level"}}).status, 400);
  EXPECT_EQ(test.run("level", {{"level", level}, {"when", "later"}}).status, 400);
}

}  // namespace
}  // namespace coyote::test
