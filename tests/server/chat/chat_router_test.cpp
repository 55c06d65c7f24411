// The chat of a room without a socket: a RecordingOutbox takes what would have been sent.
#include "server/chat/chat_router.h"

#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>

#include "server/votes/votes.h"
#include "support/socketless_room.h"

namespace coyote::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

struct Chat {
  SocketlessRoom main;
  SocketlessRoom other{"other"};
  RecordingOutbox outbox;
  Moderation moderation{main.config, quietLogger(), 0.0, 1'700'000'000, nullptr};
  ChatRouter chat{outbox, moderation, quietLogger()};
};

TEST(ChatRouter, ALineReachesEveryoneInItsRoomAndNobodyElse) {
  Chat test;
  Connection& ada = test.main.join("ada");
  Connection& bob = test.main.join("bob");
  Connection& eve = test.main.watch();
  Connection& carl = test.other.join("carl");
  EXPECT_EQ(test.chat.hear(ada, "hello", 1.0), "");
  EXPECT_EQ(test.chat.hear(eve, "hi all", 1.5), "");
  EXPECT_THAT(test.outbox.texts(ada), ElementsAre("ada: hello", "spectator: hi all"));
  EXPECT_THAT(test.outbox.texts(bob), ElementsAre("ada: hello", "spectator: hi all"));
  EXPECT_THAT(test.outbox.texts(eve), ElementsAre("ada: hello", "spectator: hi all"));
  EXPECT_THAT(test.outbox.texts(carl), IsEmpty());
}

TEST(ChatRouter, AMalformedLineIsReportedToTheCallerAndToldToTheSenderAlone) {
  Chat test;
  Connection& ada = test.main.join("ada");
  Connection& bob = test.main.join("bob");
  const std::string problem = test.chat.hear(ada, "bell\a", 1.0);
  EXPECT_THAT(problem, ::testing::StartsWith("chat: "));
  ASSERT_EQ(test.outbox.texts(ada).size(), 1u);
  EXPECT_THAT(test.outbox.texts(ada)[0], ::testing::StartsWith("not sent: "));
  EXPECT_EQ(test.outbox.sentTo<net::ChatLine>(ada).at(0).second.kind, net::ChatKind::Notice);
  EXPECT_THAT(test.outbox.texts(bob), IsEmpty());
}

// The log escapes what it prints: a line can hold quotes and backslashes, never a forged line.
TEST(ChatRouter, TheLogQuotesAndEscapesEachLine) {
  std::ostringstream lines;
  SocketlessRoom room;
  RecordingOutbox outbox;
  Moderation moderation{room.config, quietLogger(), 0.0, 1'700'000'000, nullptr};
  ChatRouter chat{outbox, moderation,
                  std::make_shared<spdlog::logger>(
                      "chat", std::make_shared<spdlog::sinks::ostream_sink_mt>(lines))};
  Connection& ada = room.join("ada");
  EXPECT_EQ(chat.hear(ada, R"(say "hi" \ bye)", 1.0), "");
  EXPECT_THAT(lines.str(), ::testing::HasSubstr(R"(chat: "ada": "say \"hi\" \\ bye")"));
}

TEST(ChatRouter, AMutedPlayerIsToldForHowLongAndHeardByNobody) {
  Chat test;
  Connection& ada = test.main.join("Ada");
  Connection& bob = test.main.join("bob");
  ASSERT_TRUE(test.moderation.mute("ADA", {}, 10, 0.0));
  EXPECT_EQ(test.chat.hear(ada, "can you hear me", 30.0), "");
  EXPECT_THAT(test.outbox.texts(ada), ElementsAre("not sent: you are muted for 10 more minutes"));
  EXPECT_THAT(test.outbox.texts(bob), IsEmpty());
  test.chat.hear(ada, "and now", 601.0);  // the mute ran out
  EXPECT_THAT(test.outbox.texts(bob), ElementsAre("Ada: and now"));
}

TEST(ChatRouter, FiveLinesAtOnceThenOneASecondAndAFloodIsKicked) {
  Chat test;
  Connection& ada = test.main.join("ada");
  Connection& bob = test.main.join("bob");
  for (int line = 0; line < 6; ++line) {
    test.chat.hear(ada, "spam " + std::to_string(line), 10.0);
  }
  EXPECT_EQ(test.outbox.texts(bob).size(), 5u);
  EXPECT_EQ(test.outbox.texts(ada).back(), "not sent: at most 5 lines at once, then 1 a second");
  for (int line = 0; line < 9; ++line) {  // the tenth line beyond the rate is a flood
    test.chat.hear(ada, "more", 10.0);
  }
  EXPECT_EQ(test.outbox.goodbyes[&ada], "kicked: chat flood");
  EXPECT_TRUE(ada.kicked());
  EXPECT_EQ(test.outbox.texts(bob).back(), "ada was kicked (chat flood)");
  EXPECT_NE(test.outbox.texts(ada).back(), "ada was kicked (chat flood)");  // it is on its way out
  const std::size_t heard = test.outbox.texts(bob).size();
  test.chat.hear(ada, "still here?", 20.0);
  EXPECT_EQ(test.outbox.texts(bob).size(), heard);
}

TEST(ChatRouter, HelpListsEveryRegisteredCommandAndAnUnknownOneIsToldSo) {
  Chat test;
  Votes votes(true, test.chat, test.moderation, quietLogger());
  Connection& ada = test.main.join("ada");
  test.chat.hear(ada, "/help", 1.0);
  test.chat.hear(ada, "/dance", 2.0);
  test.chat.hear(ada, "/help vote kick", 3.0);
  test.chat.hear(ada, "/vote kick", 4.0);
  test.chat.hear(ada, "/vote yes please", 5.0);
  EXPECT_THAT(test.outbox.texts(ada),
              ElementsAre("commands: /vote kick NAME, /vote yes, /vote no",
                          "unknown command; /help lists them",
                          "/vote kick NAME: open a vote to put NAME out of the room",
                          "usage: /vote kick NAME", "usage: /vote yes"));
}

TEST(ChatRouter, ACommandTheTableDoesNotGivePlayersCannotBeServed) {
  Chat test;
  EXPECT_THROW(test.chat.addCommand("kick", nullptr), std::logic_error) << "the admin's";
  EXPECT_THROW(test.chat.addCommand("dance", nullptr), std::logic_error);
}

TEST(ChatRouter, APlayersCommandNoPartServesIsRefusedOnceAllHaveAddedTheirs) {
  Chat test;
  try {
    test.chat.requireEveryCommand();
    ADD_FAILURE() << "the vote commands have no handler yet";
  } catch (const std::logic_error& error) {
    EXPECT_THAT(error.what(), HasSubstr("vote"));
  }
  Votes votes(true, test.chat, test.moderation, quietLogger());
  EXPECT_NO_THROW(test.chat.requireEveryCommand());
}

TEST(ChatRouter, AKickEndsTheVoteOnWhomItNamed) {
  Chat test;
  Votes votes(true, test.chat, test.moderation, quietLogger());
  Connection& ada = test.main.join("ada", "10.0.0.1");
  test.main.join("bob", "10.0.0.2");
  Connection& carl = test.main.join("carl", "10.0.0.3");
  test.chat.hear(ada, "/vote kick carl", 1.0);
  ASSERT_TRUE(votes.openIn(test.main.room));
  test.chat.kick(carl, "by an admin", 2.0);
  EXPECT_FALSE(votes.openIn(test.main.room));
  EXPECT_EQ(test.outbox.goodbyes[&carl], "kicked: by an admin");
}

}  // namespace
}  // namespace coyote::test
