// Vote kicks without a socket: chat commands into a real Room, a RecordingOutbox for what goes
// out, Moderation for the ban a passed vote makes.
#include "server/votes/votes.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/socketless_room.h"
#include "support/unix_time.h"

namespace coyote::test {
namespace {

using ::testing::Contains;
using ::testing::IsEmpty;

struct VoteRoom {
  SocketlessRoom main;
  RecordingOutbox outbox;
  Moderation moderation{main.config, quietLogger(), 0.0, kUnixAtStart, nullptr};
  ChatRouter chat{outbox, moderation, quietLogger()};
  Votes votes;
  explicit VoteRoom(bool enabled = true) : votes(enabled, chat, moderation, quietLogger()) {}
  /// ada, bob and carl in the room, and ada's vote to kick carl called at 0 s.
  struct Three {
    Connection& ada;
    Connection& bob;
  };
  Three adaCallsAVoteOnCarl() {
    Connection& ada = main.join("ada", "10.0.0.1");
    Connection& bob = main.join("bob", "10.0.0.2");
    main.join("carl", "10.0.0.3");
    chat.hear(ada, "/vote kick carl", 0.0);
    return {ada, bob};
  }
  /// The last line `connection` received.
  std::string last(const Connection& connection) const {
    const std::vector<std::string> texts = outbox.texts(connection);
    return texts.empty() ? "" : texts.back();
  }
};

TEST(Votes, AMajorityOfTheOthersBansTheAddressOfWhomItNamedForFiveMinutes) {
  VoteRoom test;
  Connection& ada = test.main.join("ada", "10.0.0.1");
  Connection& bob = test.main.join("bob", "10.0.0.2");
  Connection& carl = test.main.join("carl", "10.0.0.3");
  Connection& dan = test.main.join("dan", "10.0.0.3");  // carl's flatmate, same address
  test.main.join("erin", "10.0.0.5");
  test.chat.hear(ada, "/vote kick CARL", 100.0);
  EXPECT_EQ(test.last(bob),
            "ada calls a vote to kick carl: /vote yes or /vote no (3 of 4 needed, "
            "60 s)");
  test.chat.hear(bob, "/vote yes", 101.0);
  EXPECT_EQ(test.last(bob), "bob votes yes (2 yes, 0 no, 3 needed)");
  EXPECT_FALSE(carl.kicked());  // the caller's yes and bob's: two of the three needed
  test.chat.hear(dan, "/vote yes", 102.0);
  EXPECT_TRUE(carl.kicked());
  EXPECT_FALSE(dan.kicked());  // the ban names carl's address, but only carl is put out
  EXPECT_THAT(test.outbox.goodbyes[&carl], ::testing::StartsWith("kicked: "));
  ASSERT_EQ(test.moderation.bans().bans().size(), 1u);
  const Ban& ban = test.moderation.bans().bans().front();
  EXPECT_EQ(ban.kind, Ban::Kind::Address);
  EXPECT_EQ(ban.value, "10.0.0.3");
  EXPECT_EQ(ban.name, "carl");
  EXPECT_EQ(ban.by, "vote");
  EXPECT_EQ(ban.until - ban.since, Votes::kBanSeconds);
  EXPECT_EQ(ban.since, kUnixAtStart + 102);
  EXPECT_FALSE(test.votes.openIn(test.main.room));
  EXPECT_NE(test.moderation.joinRefusal(3, {"carl2", "", "10.0.0.3"}, "", 102.0 + 299.0), "");
  EXPECT_EQ(test.moderation.joinRefusal(3, {"carl2", "", "10.0.0.3"}, "", 102.0 + 301.0), "");
}

TEST(Votes, NoMajorityWithinAMinuteFails) {
  VoteRoom test;
  const auto [ada, bob] = test.adaCallsAVoteOnCarl();
  test.votes.judge(test.main.room, 59.0);
  EXPECT_TRUE(test.votes.openIn(test.main.room));
  test.votes.judge(test.main.room, 61.0);
  EXPECT_FALSE(test.votes.openIn(test.main.room));
  EXPECT_EQ(test.last(bob), "the vote to kick carl failed (1 yes of 2 needed)");
  EXPECT_THAT(test.moderation.bans().bans(), IsEmpty());
}

TEST(Votes, AVoteThatCanNoLongerPassFailsAtOnceAndItsCallerWaitsAMinute) {
  VoteRoom test;
  const auto [ada, bob] = test.adaCallsAVoteOnCarl();
  test.chat.hear(bob, "/vote no", 5.0);
  EXPECT_FALSE(test.votes.openIn(test.main.room));
  EXPECT_EQ(test.last(bob), "the vote to kick carl failed (1 yes of 2 needed)");
  test.chat.hear(ada, "/vote kick carl", 59.0);
  EXPECT_EQ(test.last(ada), "you called a vote less than a minute ago");
  test.chat.hear(ada, "/vote kick carl", 61.0);
  EXPECT_TRUE(test.votes.openIn(test.main.room));
}

TEST(Votes, EachRefusalIsToldToTheCallerAlone) {
  VoteRoom test;
  Connection& ada = test.main.join("ada", "10.0.0.1");
  Connection& bob = test.main.join("bob", "10.0.0.2");
  Connection& eve = test.main.watch("10.0.0.4");
  test.chat.hear(ada, "/vote kick bob", 0.0);
  EXPECT_EQ(test.last(ada), "a vote kick needs players from 3 addresses in the room");
  test.main.join("carl", "10.0.0.3");
  test.chat.hear(eve, "/vote kick bob", 2.0);
  EXPECT_EQ(test.last(eve), "spectators do not vote");
  test.chat.hear(ada, "/vote kick ada", 4.0);
  EXPECT_EQ(test.last(ada), "you cannot vote yourself out");
  test.chat.hear(ada, "/vote kick zed", 6.0);
  EXPECT_EQ(test.last(ada), "nobody of that name plays in this room");
  test.chat.hear(ada, "/vote yes", 8.0);
  EXPECT_EQ(test.last(ada), "no vote is open in this room");
  test.chat.hear(ada, "/vote kick bob", 10.0);
  test.chat.hear(bob, "/vote yes", 12.0);
  EXPECT_EQ(test.last(bob), "you have no vote on this one");
  test.chat.hear(bob, "/vote kick ada", 14.0);
  EXPECT_EQ(test.last(bob), "a vote is already open in this room");
  EXPECT_FALSE(bob.kicked());
}

// One person with several clients casts one vote: two connections from one address in a room
// of three cannot call a vote, and four cannot outvote two others.
TEST(Votes, VotesCountPerAddressSoOnePersonWithManyClientsCannotKick) {
  VoteRoom test;
  Connection& ada = test.main.join("ada", "10.0.0.1");
  Connection& sock1 = test.main.join("sock1", "10.0.0.9");
  Connection& sock2 = test.main.join("sock2", "10.0.0.9");
  test.chat.hear(sock1, "/vote kick ada", 0.0);
  EXPECT_EQ(test.last(sock1), "a vote kick needs players from 3 addresses in the room");
  EXPECT_FALSE(test.votes.openIn(test.main.room));
  Connection& bob = test.main.join("bob", "10.0.0.2");
  Connection& sock3 = test.main.join("sock3", "10.0.0.9");
  Connection& sock4 = test.main.join("sock4", "10.0.0.9");
  test.chat.hear(sock1, "/vote kick ada", 2.0);
  EXPECT_EQ(test.last(bob),
            "sock1 calls a vote to kick ada: /vote yes or /vote no (2 of 2 needed, 60 s)");
  for (Connection* sock : {&sock2, &sock3, &sock4}) {
    test.chat.hear(*sock, "/vote yes", 3.0);
  }
  EXPECT_FALSE(ada.kicked()) << "four clients, one address, one vote";
  test.chat.hear(bob, "/vote no", 4.0);
  EXPECT_FALSE(test.votes.openIn(test.main.room));
  EXPECT_EQ(test.last(bob), "the vote to kick ada failed (1 yes of 2 needed)");
  EXPECT_FALSE(ada.kicked());
}

TEST(Votes, OffOnThisServerNoVoteIsCalled) {
  VoteRoom test(false);
  Connection& ada = test.main.join("ada");
  test.main.join("bob");
  test.main.join("carl");
  test.chat.hear(ada, "/vote kick carl", 0.0);
  EXPECT_EQ(test.last(ada), "vote kicks are off on this server");
  EXPECT_FALSE(test.votes.openIn(test.main.room));
}

TEST(Votes, WhomItNamedLeavingEndsTheVote) {
  VoteRoom test;
  Connection& ada = test.main.join("ada", "10.0.0.1");
  Connection& bob = test.main.join("bob", "10.0.0.2");
  Connection& carl = test.main.join("carl", "10.0.0.3");
  test.chat.hear(ada, "/vote kick carl", 0.0);
  test.main.room.leave(carl, 1.0);
  test.votes.judge(test.main.room, 1.0);
  EXPECT_FALSE(test.votes.openIn(test.main.room));
  EXPECT_EQ(test.last(bob), "the vote ends: carl left");
  EXPECT_THAT(test.outbox.texts(ada), Contains("the vote ends: carl left"));
}

}  // namespace
}  // namespace coyote::test
