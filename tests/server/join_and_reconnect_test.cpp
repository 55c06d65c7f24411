// Joining, leaving and coming back: reconnect tokens and windows, protocol versions, spectators.
// The server and the client core together over real ENet sockets on 127.0.0.1, ephemeral ports,
// driven in one thread by a made-up clock: no test here sleeps.
#include "net/new_reconnect_token.h"
#include "server/game_server.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/network.h"

namespace coyote {
namespace {

using test::playing;
using test::RandomPlayers;
using test::sees;
using ::testing::HasSubstr;

TEST(GameServer, JoinMidGameLeaveAndReconnectWithinTheWindowKeepsThePlayer) {
  test::LoopbackMatch match;
  ClientSession first(test::clientOptions(match.port(), "first"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first}, [&] { return playing(first); }, 5.0));
  match.pumpFor({&first}, 0.5);

  auto second = std::make_unique<ClientSession>(test::clientOptions(match.port(), "second"),
                                                test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first, second.get()}, [&] { return sees(first, second->playerSlot()); }, 5.0));
  const int secondSlot = second->playerSlot();
  const net::ReconnectToken token = second->reconnectToken();
  const auto secondKey = second->options().key;
  EXPECT_NE(secondSlot, first.playerSlot());
  EXPECT_FALSE(token.empty());
  EXPECT_EQ(first.nameOf(secondSlot), "second");

  second->disconnect();
  second.reset();
  match.pumpFor({&first}, 0.5);
  EXPECT_TRUE(sees(first, secondSlot)) << "the slot waits for its token";

  ClientOptions again = test::clientOptions(match.port(), "second-again");
  again.reconnectToken = token;
  again.key = secondKey;  // the same player
  auto back = std::make_unique<ClientSession>(again, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first, back.get()}, [&] { return playing(*back); }, 5.0));
  EXPECT_EQ(back->playerSlot(), secondSlot);
  EXPECT_NE(back->reconnectToken(), token) << "a token is good for one reconnection";
  const net::ReconnectToken renewed = back->reconnectToken();

  back->disconnect();
  back.reset();
  // reconnect_window is 2 s in the test config: after it the character leaves.
  ASSERT_TRUE(match.pumpUntil(
      {&first}, [&] { return !sees(first, secondSlot); }, 5.0));
  ClientOptions late = test::clientOptions(match.port(), "late");
  late.reconnectToken = renewed;
  ClientSession stranger(late, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&first, &stranger}, [&] { return playing(stranger); }, 5.0));
  EXPECT_NE(stranger.reconnectToken(), renewed) << "an expired token gives a new player";
  EXPECT_GE(stranger.playerSlot(), 0);
  EXPECT_EQ(first.stats().unrepairedDesyncs(), 0u);
}

// dave's connection is down and his slot reserved: another key joining as dave is refused, so
// dave comes back, with his key and token, to his own slot. Without his token, his key alone
// gets his name back at once, even from a connection the server still thinks alive; a
// reservation gives way to nobody else.
TEST(GameServer, AReservationIsKeptForItsOwnKeyAlone) {
  test::LoopbackMatch match;
  auto dave = std::make_unique<ClientSession>(test::clientOptions(match.port(), "dave"),
                                              test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {dave.get()}, [&] { return playing(*dave); }, 5.0));
  const int slot = dave->playerSlot();
  const net::ReconnectToken token = dave->reconnectToken();
  const auto key = dave->options().key;
  dave->disconnect();
  dave.reset();
  match.serverOnlyFor(0.2);

  ClientSession mallory(test::clientOptions(match.port(), "Dave"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&mallory}, [&] { return mallory.phase() == ClientPhase::Refused; }, 5.0));
  EXPECT_THAT(mallory.endReason(), HasSubstr("the name Dave is taken on this server"));

  ClientOptions back = test::clientOptions(match.port(), "dave");
  back.key = key;
  back.reconnectToken = token;
  ClientSession returning(back, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&returning}, [&] { return playing(returning); }, 5.0))
      << returning.endReason();
  EXPECT_EQ(returning.playerSlot(), slot);
  returning.disconnect();
  match.pumpFor({&returning}, 0.2);

  ClientOptions restarted = test::clientOptions(match.port(), "dave");
  restarted.key = key;  // his game restarted: his key, no token
  ClientSession again(restarted, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&again}, [&] { return playing(again); }, 5.0))
      << again.endReason();
  EXPECT_EQ(again.nameOf(again.playerSlot()), "dave");

  // His game restarts again, before the server notices the old connection died: his key and
  // name, no token, take his slot over from it.
  ClientSession restartedAgain(restarted, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&restartedAgain}, [&] { return playing(restartedAgain); }, 5.0))
      << restartedAgain.endReason();
  EXPECT_EQ(restartedAgain.playerSlot(), again.playerSlot());
}

// The server hears nothing from a player for net.peer_timeout (its link died): it drops the
// connection and keeps the slot; the client, hearing nothing either, rejoins by itself with its
// token and carries on with the same character.
TEST(GameServer, AClientDroppedForSilenceRejoinsWithItsTokenAndKeepsItsCharacter) {
  ServerConfig config = test::testServerConfig();
  config.peerTimeout = 1.0f;
  test::LoopbackMatch match(config);
  ClientSession stays(test::clientOptions(match.port(), "stays"), test::quietLogger());
  ClientOptions options = test::clientOptions(match.port(), "cut");
  options.serverTimeout = 1.0;
  ClientSession cut(options, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&stays, &cut}, [&] { return playing(stays) && sees(stays, cut.playerSlot()); }, 5.0));
  const int slot = cut.playerSlot();
  match.pumpFor({&stays}, 1.5);  // the cut client's machine hears and says nothing
  EXPECT_EQ(match.server().metrics().players, 1) << "the server dropped the silent connection";
  EXPECT_TRUE(sees(stays, slot)) << "and kept its slot";
  ASSERT_TRUE(match.pumpUntil(
      {&stays, &cut}, [&] { return playing(cut) && cut.stats().reconnects == 1; }, 3.0));
  EXPECT_EQ(cut.playerSlot(), slot);
  match.pumpFor({&stays, &cut}, 1.0);
  EXPECT_EQ(match.server().metrics().players, 2);
  EXPECT_GT(cut.stats().confirmedTick, 0u);
  EXPECT_TRUE(cut.stats().confirmedHashMatches);
  EXPECT_EQ(stays.stats().unrepairedDesyncs(), 0u);
}

// A client that noticed the silence first (the link died one way) comes back with its token
// while the server still thinks the old connection alive: the token hands the slot over and
// the old connection is closed, so the player is never counted twice.
TEST(GameServer, AClientThatRejoinsBeforeTheServerNoticedTakesItsSlotOver) {
  test::LoopbackMatch match;  // peer_timeout 5 s
  ClientSession old(test::clientOptions(match.port(), "old"), test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&old}, [&] { return playing(old); }, 5.0));
  ClientOptions options = test::clientOptions(match.port(), "back");
  options.reconnectToken = old.reconnectToken();
  options.key = old.options().key;
  ClientSession back(options, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&back}, [&] { return playing(back); }, 2.0));
  EXPECT_EQ(back.playerSlot(), old.playerSlot());
  EXPECT_EQ(match.server().metrics().players, 1);
  match.pumpFor({&back}, 1.0);
  EXPECT_EQ(match.server().metrics().players, 1);
  EXPECT_TRUE(back.stats().confirmedHashMatches);
}

TEST(GameServer, TheReconnectWindowIsMeasuredOnTheServersClock) {
  test::LoopbackMatch match;
  ClientSession stays(test::clientOptions(match.port(), "stays"), test::quietLogger());
  auto leaves = std::make_unique<ClientSession>(test::clientOptions(match.port(), "leaves"),
                                                test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&stays, leaves.get()}, [&] { return sees(stays, leaves->playerSlot()); }, 5.0));
  const int slot = leaves->playerSlot();
  leaves->disconnect();
  leaves.reset();
  match.pumpFor({&stays}, 1.9);
  EXPECT_TRUE(sees(stays, slot)) << "1.9 s of a 2 s window";
  match.pumpFor({&stays}, 0.3);
  EXPECT_FALSE(sees(stays, slot)) << "2.2 s: the window is over";
}

TEST(GameServer, RefusesAWrongProtocolVersionWithAClearMessage) {
  test::LoopbackMatch match;
  ClientOptions options = test::clientOptions(match.port(), "old");
  options.protocolVersion = net::kProtocolVersion + 41;
  ClientSession client(options, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.phase() == ClientPhase::Refused; }, 5.0));
  EXPECT_THAT(client.endReason(),
              HasSubstr(fmt::format("protocol version {} is not supported; the server speaks "
                                    "version {}",
                                    net::kProtocolVersion + 41, net::kProtocolVersion)));
}

TEST(GameServer, SpectatorFollowsTheGameWithoutAPlayer) {
  test::LoopbackMatch match;
  ClientSession player(test::clientOptions(match.port(), "runner"), test::quietLogger());
  ClientOptions watching = test::clientOptions(match.port(), "watcher");
  watching.spectator = true;
  ClientSession spectator(watching, test::quietLogger());
  RandomPlayers inputs(2);
  ASSERT_TRUE(match.pumpUntil(
      {&player, &spectator},
      [&] {
        return playing(spectator) && sees(spectator, player.playerSlot()) &&
               spectator.stats().confirmedTick > 120;
      },
      6.0, std::ref(inputs)));
  EXPECT_EQ(spectator.playerSlot(), -1);
  int active = 0;
  for (const Character& character : spectator.confirmed().characters) {
    active += character.active ? 1 : 0;
  }
  EXPECT_EQ(active, 1);
  EXPECT_TRUE(spectator.stats().confirmedHashMatches);
  EXPECT_EQ(spectator.stats().fullStates, 0u) << "a spectator's acks keep it on frames";
}

// An address that guessed wrong tokens until it was refused still gets its own player back: a
// correct token is checked first, and only wrong guesses are limited.
TEST(GameServer, AValidTokenComesBackEvenFromAnAddressThatGuessedWrongTooOften) {
  test::LoopbackMatch match;
  ClientSession observer(test::clientOptions(match.port(), "observer"), test::quietLogger());
  auto player = std::make_unique<ClientSession>(test::clientOptions(match.port(), "player"),
                                                test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&observer, player.get()}, [&] { return playing(observer) && playing(*player); }, 5.0));
  const int slot = player->playerSlot();
  const net::ReconnectToken token = player->reconnectToken();
  const auto key = player->options().key;
  player->disconnect();
  player.reset();
  int refusedGuesses = 0;
  for (int guess = 0; guess < 7; ++guess) {  // from the player's own address, 127.0.0.1
    ClientOptions guesser = test::clientOptions(match.port(), fmt::format("guesser{}", guess));
    guesser.reconnectToken = net::newReconnectToken();
    ClientSession guessing(guesser, test::quietLogger());
    ASSERT_TRUE(match.pumpUntil(
        {&observer, &guessing}, [&] { return guessing.phase() != ClientPhase::Connecting; }, 5.0));
    refusedGuesses += guessing.phase() == ClientPhase::Refused ? 1 : 0;
    guessing.disconnect();
  }
  EXPECT_EQ(refusedGuesses, 2) << "the 6th and 7th wrong guesses";
  ClientOptions again = test::clientOptions(match.port(), "player");
  again.reconnectToken = token;
  again.key = key;
  ClientSession back(again, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&observer, &back}, [&] { return back.phase() != ClientPhase::Connecting; }, 5.0));
  EXPECT_TRUE(playing(back)) << back.endReason();
  EXPECT_EQ(back.playerSlot(), slot);
}

// A room name too long for a room is refused with the reason, not dropped as malformed.
TEST(GameServer, ARoomNameTooLongIsRefusedWithItsReason) {
  test::LoopbackMatch match;
  ClientOptions options = test::clientOptions(match.port(), "long");
  options.room = std::string(25, 'r');
  ClientSession client(options, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&client}, [&] { return client.phase() == ClientPhase::Refused; }, 5.0));
  EXPECT_EQ(client.endReason(), "a room name has 1 to 24 characters");
  EXPECT_EQ(match.server().metrics().malformedPackets, 0u);
}

}  // namespace
}  // namespace coyote
