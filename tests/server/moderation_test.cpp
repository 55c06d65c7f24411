// Moderation (docs/hosting.md#moderation) with real clients, a real server and a real HTTP port on
// 127.0.0.1: the admin API's token, kicks, bans, mutes and broadcasts; the password; vote kicks.
#include <future>
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "identity/hello_proof.h"

#include "support/moderated_room.h"

namespace coyote {
namespace {

using test::playing;
using ::testing::HasSubstr;

using test::Answer;
using test::kToken;
using test::linesOf;
using test::ModeratedRoom;

TEST(AdminApi, NoTokenIs401AWrongOne403AndFiveWrongOnesLockTheAddressOutButNotTheRightToken) {
  ModeratedRoom room({"ada"});
  EXPECT_EQ(room.request("GET", "/admin/players", "", "").status, 401);
  for (int i = 0; i < AdminApi::kWrongTokens; ++i) {
    EXPECT_EQ(room.request("GET", "/admin/players", "", "guess").status, 403) << i;
  }
  const Answer locked = room.request("GET", "/admin/players", "", "guess");
  EXPECT_EQ(locked.status, 429) << "the sixth wrong one, for the rest of the minute";
  EXPECT_THAT(locked.body, HasSubstr("too many wrong tokens from 127.0.0.1"));
  EXPECT_EQ(room.request("GET", "/admin/players").status, 200)
      << "the right token is never held back by the wrong ones";
  EXPECT_EQ(room.request("GET", "/admin/players", "", "guess", "127.0.0.2").status, 403)
      << "another address is not locked out";
  EXPECT_EQ(room.request("DELETE", "/admin/players").status, 405);
}

// Wrong tokens from many addresses together are capped, and the right one still gets in.
TEST(AdminApi, WrongTokensFromManyAddressesAreCappedAndTheRightOneGetsIn) {
  ModeratedRoom room({"ada"});
  int refused = 0;
  int capped = 0;
  const double start = monotonicSeconds();
  for (int address = 10; address < 90; ++address) {  // 80 addresses, one wrong token each
    const Answer answer =
        room.request("GET", "/admin/players", "", "guess", fmt::format("127.0.0.{}", address));
    refused += answer.status == 403 ? 1 : 0;
    capped += answer.status == 429 && answer.body.find("on this server") != std::string::npos;
  }
  const double elapsed = monotonicSeconds() - start;
  EXPECT_EQ(refused + capped, 80);
  EXPECT_LE(refused, 10 + static_cast<int>(elapsed * AdminApi::kWrongTokensPerSecond) + 1)
      << "at most 10 a second are checked, after a burst of 10, in " << elapsed << " s";
  EXPECT_GE(capped, 1);
  EXPECT_EQ(room.request("GET", "/admin/players", "", kToken, "127.0.0.90").status, 200);
}

// Behind a reverse proxy everyone comes from its address: wrong tokens count against the client
// its X-Forwarded-For names, so nobody locks the admin out by guessing through it.
TEST(AdminApi, BehindATrustedProxyWrongTokensCountAgainstTheForwardedClient) {
  ModeratedRoom room({"ada"});
  const auto through = [&](const std::string& client, const std::string& token) {
    return room
        .request("GET", "/admin/players", "", token, test::kTrustedProxy,
                 fmt::format("X-Forwarded-For: 203.0.113.9, {}\r\n", client))
        .status;
  };
  for (int i = 0; i < AdminApi::kWrongTokens; ++i) {
    EXPECT_EQ(through("198.51.100.7", "guess"), 403) << i;
  }
  EXPECT_EQ(through("198.51.100.7", "guess"), 429) << "the guesser is locked out";
  EXPECT_EQ(through("198.51.100.8", "guess"), 403) << "another client through the proxy is not";
  EXPECT_EQ(through("198.51.100.8", kToken), 200);
  const auto untrusted = room.request("GET", "/admin/players", "", "guess", "127.0.0.6",
                                      "X-Forwarded-For: 198.51.100.7\r\n");
  EXPECT_EQ(untrusted.status, 403) << "an untrusted sender's X-Forwarded-For is not believed";
}

TEST(AdminApi, ListsEveryRoomAndItsPlayers) {
  ModeratedRoom room({"ada", "bob"});
  const Answer answer = room.request("GET", "/admin/players");
  ASSERT_EQ(answer.status, 200) << answer.body;
  const nlohmann::json rooms = answer.json()["rooms"];
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0]["name"], "main");
  ASSERT_EQ(rooms[0]["players"].size(), 2u);
  std::set<std::string> names;
  for (const auto& player : rooms[0]["players"]) {
    names.insert(player["name"].get<std::string>());
    EXPECT_THAT(player["address"].get<std::string>(), ::testing::StartsWith("127.0.0.1:"));
    EXPECT_GE(player["connected_seconds"].get<double>(), 0.0);
    EXPECT_GE(player["ping_ms"].get<int>(), 0);
    EXPECT_EQ(player["muted"], false);
  }
  EXPECT_EQ(names, (std::set<std::string>{"ada", "bob"}));
}

TEST(AdminApi, AKickedPlayerLearnsWhyAndTheRoomIsTold) {
  ModeratedRoom room({"ada", "bob"});
  const Answer answer = room.request("POST", "/admin/kick", "player=BOB&reason=spawn+camping");
  EXPECT_EQ(answer.status, 200) << answer.body;
  room.pump(0.5);
  EXPECT_EQ(room.player(1).phase(), ClientPhase::Disconnected);
  EXPECT_EQ(room.player(1).endReason(), "kicked: spawn camping");
  EXPECT_THAT(linesOf(room.player(0), net::ChatKind::Server),
              ::testing::Contains("bob was kicked (spawn camping)"));
  EXPECT_TRUE(playing(room.player(0)));
  EXPECT_EQ(room.request("POST", "/admin/kick", "player=nobody").status, 404);
}

TEST(AdminApi, ABanKicksKeepsTheAddressOutUntilLiftedAndIsKeptInTheFile) {
  ModeratedRoom room({"ada", "bob"});
  const Answer ban = room.request("POST", "/admin/ban", "player=bob&minutes=60&reason=cheating");
  ASSERT_EQ(ban.status, 200) << ban.body;
  EXPECT_EQ(ban.json()["kicked"], 2) << "bob's address is ada's too: both go";
  EXPECT_EQ(ban.json()["saved"], true);
  room.pump(0.5);
  EXPECT_THAT(room.player(1).endReason(), HasSubstr("kicked: banned until"));
  EXPECT_THAT(room.player(1).endReason(), HasSubstr("cheating"));

  ClientSession again(test::clientOptions(room.match.port(), "carol"), test::quietLogger());
  room.match.pumpUntil(
      {&again}, [&] { return again.phase() == ClientPhase::Refused; }, 5.0);
  EXPECT_THAT(again.endReason(), HasSubstr("banned until")) << "a new name, the same address";

  const std::string bobsKey = identity::keyFingerprint(room.player(1).options().key->publicKey());
  const BanList saved = BanList::load(room.bansFile);
  ASSERT_EQ(saved.bans().size(), 1u);
  EXPECT_EQ(saved.bans()[0].kind, Ban::Kind::Key);
  EXPECT_EQ(saved.bans()[0].value, bobsKey);
  EXPECT_EQ(saved.bans()[0].address, "127.0.0.1");
  EXPECT_EQ(saved.bans()[0].reason, "cheating");
  const Answer listed = room.request("GET", "/admin/bans");
  ASSERT_EQ(listed.json()["bans"].size(), 1u) << listed.body;
  const nlohmann::json entry = listed.json()["bans"][0];
  EXPECT_EQ(entry["value"], bobsKey);
  EXPECT_EQ(entry["address"], "127.0.0.1");
  EXPECT_EQ(entry["name"], "bob");
  EXPECT_EQ(entry["until"].get<std::int64_t>() - entry["since"].get<std::int64_t>(), 3600);

  const Answer lifted =
      room.request("POST", "/admin/unban", fmt::format("id={}", entry["id"].get<int>()));
  EXPECT_EQ(lifted.status, 200) << lifted.body;
  ClientSession back(test::clientOptions(room.match.port(), "bob"), test::quietLogger());
  EXPECT_TRUE(room.match.pumpUntil(
      {&back}, [&] { return playing(back); }, 5.0))
      << back.endReason();
}

// A ban by player takes everyone at its address: `players` shows who shares one before, the
// answer lists everyone it removed after, and `key_only` spares the others.
TEST(AdminApi, ABanSaysWhomItRemovedAndAKeyOnlyBanSparesTheSharedAddress) {
  ModeratedRoom room({"ada", "bob", "cat"});
  const Answer players = room.request("GET", "/admin/players");
  ASSERT_EQ(players.status, 200) << players.body;
  const nlohmann::json shared = players.json()["shared_addresses"];
  ASSERT_EQ(shared.size(), 1u) << players.body;
  EXPECT_EQ(shared[0]["address"], "127.0.0.1");
  EXPECT_EQ(shared[0]["players"], (nlohmann::json{"ada", "bob", "cat"}));

  const Answer keyOnly = room.request("POST", "/admin/ban", "player=bob&key_only=yes");
  ASSERT_EQ(keyOnly.status, 200) << keyOnly.body;
  ASSERT_EQ(keyOnly.json()["removed"].size(), 1u) << keyOnly.body;
  EXPECT_EQ(keyOnly.json()["removed"][0]["name"], "bob");
  EXPECT_EQ(keyOnly.json()["removed"][0]["room"], "main");
  EXPECT_EQ(keyOnly.json()["removed"][0]["address"], "127.0.0.1");
  EXPECT_FALSE(keyOnly.json()["bans"][0].contains("address")) << "its key alone";
  room.pump(0.5);
  EXPECT_TRUE(playing(room.player(0)));
  EXPECT_TRUE(playing(room.player(2)));

  const Answer both = room.request("POST", "/admin/ban", "player=ada");
  ASSERT_EQ(both.status, 200) << both.body;
  std::set<std::string> removed;
  const nlohmann::json reply = both.json();
  for (const auto& who : reply["removed"]) {
    removed.insert(who["name"].get<std::string>());
  }
  EXPECT_EQ(removed, (std::set<std::string>{"ada", "cat"})) << "cat shared ada's address";
  EXPECT_EQ(both.json()["kicked"], 2);
  EXPECT_EQ(
      room.request("POST", "/admin/ban", "key=" + std::string(32, 'a') + "&key_only=yes").status,
      400)
      << "key_only goes with player alone";
}

TEST(AdminApi, AMutedPlayerIsToldAndHeardByNobody) {
  ModeratedRoom room({"ada", "bob"});
  EXPECT_EQ(room.request("POST", "/admin/mute", "player=ada&minutes=5").status, 200);
  room.pump(0.3);
  EXPECT_THAT(linesOf(room.player(0), net::ChatKind::Notice),
              ::testing::Contains("an admin muted you for 5 minutes: your chat lines reach nobody"))
      << "told at once, before a line of theirs";
  room.pump(1.0);  // a notice a second at most
  room.player(0).say("can you hear me");
  room.pump(0.5);
  EXPECT_TRUE(linesOf(room.player(1), net::ChatKind::Player).empty());
  EXPECT_THAT(linesOf(room.player(0), net::ChatKind::Notice),
              ::testing::Contains("not sent: you are muted for 5 more minutes"));
  EXPECT_EQ(room.request("POST", "/admin/unmute", "player=ADA").status, 200);
  room.player(0).say("now?");
  room.pump(0.5);
  EXPECT_THAT(linesOf(room.player(1), net::ChatKind::Player), ::testing::ElementsAre("now?"));
}

// The message of the day greets whoever comes in as a line of the server's, not as a notice (a
// notice's red says something went wrong).
TEST(AdminApi, TheMessageOfTheDayIsAServerLineNotANotice) {
  ServerConfig config = test::testServerConfig();
  config.motd = "races every hour";
  ModeratedRoom room({"ada"}, config);
  room.pump(0.3);
  EXPECT_THAT(linesOf(room.player(0), net::ChatKind::Server),
              ::testing::Contains("races every hour"));
  EXPECT_THAT(linesOf(room.player(0), net::ChatKind::Notice),
              ::testing::Not(::testing::Contains("races every hour")));
}

TEST(AdminApi, ABroadcastReachesTheRoomsAsAServerLine) {
  ModeratedRoom room({"ada"});
  const Answer answer = room.request("POST", "/admin/broadcast", "text=restart+in+5+minutes");
  EXPECT_EQ(answer.status, 200) << answer.body;
  room.pump(0.5);
  EXPECT_THAT(linesOf(room.player(0), net::ChatKind::Server),
              ::testing::Contains("restart in 5 minutes"));
  EXPECT_EQ(room.request("POST", "/admin/broadcast", "text=x&room=nowhere").status, 404);
}

TEST(AdminApi, BadArgumentsAreRefusedNamingTheField) {
  ModeratedRoom room({"ada"});
  const auto error = [&](const std::string& path, const std::string& body) {
    const Answer answer = room.request("POST", path, body);
    EXPECT_EQ(answer.status, 400) << path << " " << body << ": " << answer.body;
    return answer.json().value("error", std::string());
  };
  EXPECT_THAT(error("/admin/ban", "address=300.1.2.3"), HasSubstr("address:"));
  EXPECT_THAT(error("/admin/ban", "name=x&minutes=soon"), HasSubstr("minutes:"));
  EXPECT_THAT(error("/admin/ban", "name=x&minutes=-1"), HasSubstr("minutes:"));
  EXPECT_THAT(error("/admin/ban", "name=x&reason=%1b%5b2J"), HasSubstr("reason:"));
  EXPECT_THAT(error("/admin/ban", "name=x&address=1.2.3.4"), HasSubstr("one of player"));
  EXPECT_THAT(error("/admin/kick", ""), HasSubstr("player:"));
  EXPECT_THAT(error("/admin/unban", "id=abc"), HasSubstr("id:"));
  EXPECT_THAT(error("/admin/broadcast", "text="), HasSubstr("text:"));
  EXPECT_THAT(error("/admin/mute", "player=ada&minutes=0"), HasSubstr("minutes:"));
  EXPECT_TRUE(room.match.server().bans().bans().empty());
  EXPECT_TRUE(playing(room.player(0)));
  const Answer huge = room.request("POST", "/admin/broadcast", "text=" + std::string(5000, 'a'));
  EXPECT_EQ(huge.status, 413);
}

TEST(Password, AMissingOrWrongOneIsRefusedWithItsReasonAndGuessesAreRateLimited) {
  ServerConfig config = test::testServerConfig();
  config.password = "open sesame";
  config.peersPerAddress = 16;
  test::LoopbackMatch match(config);
  const auto attempt = [&](const std::string& password) {
    ClientOptions options = test::clientOptions(match.port(), "ali");
    options.password = password;
    ClientSession client(options, test::quietLogger());
    match.pumpUntil(
        {&client}, [&] { return playing(client) || client.phase() == ClientPhase::Refused; }, 5.0);
    return playing(client) ? std::string("playing") : client.endReason();
  };
  EXPECT_EQ(attempt("open sesame"), "playing");
  EXPECT_THAT(attempt(""), HasSubstr("this server needs a password"));
  for (int i = 1; i < 5; ++i) {
    EXPECT_THAT(attempt("open says me"), HasSubstr("wrong password")) << i;
  }
  EXPECT_THAT(attempt("open sesame"), HasSubstr("too many wrong passwords"))
      << "after 5 wrong ones even the right one waits";
  match.serverOnlyFor(10.5);
  EXPECT_EQ(attempt("open sesame"), "playing");
}

/// Four players, each from an address of its own; p0 calls a vote to kick p3.
struct ModeratedVoteRoom {
  ModeratedRoom room{
      {"p0", "p1", "p2", "p3"}, test::testServerConfig(), test::networkTestLevel(), {}, true};
  ModeratedVoteRoom() {
    EXPECT_EQ(room.player(0).say("/vote kick P3"), "");
    room.pump(0.3);
  }
};

TEST(VoteKick, AMajorityOfTheOthersPutsThePlayerOutForFiveMinutes) {
  ModeratedVoteRoom vote;
  ModeratedRoom& room = vote.room;
  EXPECT_THAT(linesOf(room.player(1), net::ChatKind::Server),
              ::testing::Contains(HasSubstr("p0 calls a vote to kick p3: /vote yes or /vote no "
                                            "(2 of 3 needed")));
  room.player(3).say("/vote no");
  room.pump(0.3);
  EXPECT_THAT(linesOf(room.player(3), net::ChatKind::Notice),
              ::testing::Contains("you have no vote on this one"));
  room.player(1).say("/vote no");
  room.pump(0.3);
  EXPECT_TRUE(playing(room.player(3))) << "1 yes, 1 no: not yet";
  room.player(2).say("/vote yes");
  room.pump(0.5);
  EXPECT_EQ(room.player(3).phase(), ClientPhase::Disconnected);
  EXPECT_THAT(room.player(3).endReason(), HasSubstr("voted out by the room"));
  ASSERT_EQ(room.match.server().bans().bans().size(), 1u);
  const Ban& ban = room.match.server().bans().bans().front();
  EXPECT_EQ(ban.until - ban.since, 300);
  EXPECT_EQ(ban.by, "vote");
  EXPECT_TRUE(playing(room.player(0)) && playing(room.player(1)));
  EXPECT_TRUE(linesOf(room.player(1), net::ChatKind::Player).empty()) << "commands are not said";
}

TEST(VoteKick, WithoutAMajorityTheVoteFailsAndTheCallerWaits) {
  ModeratedVoteRoom vote;
  ModeratedRoom& room = vote.room;
  room.player(1).say("/vote no");
  room.player(2).say("/vote no");
  room.pump(0.5);
  EXPECT_THAT(linesOf(room.player(0), net::ChatKind::Server),
              ::testing::Contains("the vote to kick p3 failed (1 yes of 2 needed)"));
  EXPECT_TRUE(playing(room.player(3)));
  EXPECT_TRUE(room.match.server().bans().bans().empty());
  room.player(0).say("/vote kick p3");
  room.pump(0.3);
  EXPECT_THAT(linesOf(room.player(0), net::ChatKind::Notice),
              ::testing::Contains("you called a vote less than a minute ago"));
}

TEST(VoteKick, RunsOutAfterAMinute) {
  ModeratedVoteRoom vote;
  vote.room.pump(VoteKick::kSeconds + 0.5);
  EXPECT_THAT(linesOf(vote.room.player(1), net::ChatKind::Server),
              ::testing::Contains("the vote to kick p3 failed (1 yes of 2 needed)"));
  EXPECT_TRUE(playing(vote.room.player(3)));
}

TEST(VoteKick, CountsOnlyTheAddressesStillThereOneVoteEach) {
  const std::vector<std::string> voters{"a1", "a2", "a4"};
  VoteKick vote(3, "p3", "a1", 0.0);
  EXPECT_EQ(vote.outcome(voters, 1.0), VoteKick::Outcome::Open);
  EXPECT_FALSE(vote.cast(3, "a3", false)) << "the one named has no vote";
  vote.cast(2, "a2", true);
  EXPECT_EQ(vote.outcome(voters, 1.0), VoteKick::Outcome::Passed);
  const std::vector<std::string> later{"a2", "a4", "a5", "a6"};
  EXPECT_EQ(vote.outcome(later, 1.0), VoteKick::Outcome::Open) << "1 of 3 needed left";
  vote.cast(7, "a4", false);
  vote.cast(8, "a4", true);  // the same address again: its last vote counts, once
  EXPECT_EQ(vote.yesAmong(later), 2);
  EXPECT_EQ(vote.noAmong(later), 0);
  vote.cast(4, "a4", false);
  vote.cast(5, "a5", false);
  EXPECT_EQ(vote.outcome(later, 1.0), VoteKick::Outcome::Failed);
  EXPECT_EQ(VoteKick::needed(2), 2);
  EXPECT_EQ(VoteKick::needed(3), 2);
  EXPECT_EQ(VoteKick::needed(4), 3);
}

}  // namespace
}  // namespace coyote
