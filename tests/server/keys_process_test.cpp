// Player keys (docs/protocol.md#player-keys), attacked as a stranger would: Hellos from other
// loopback addresses against a real coyote-server. A Hello signed on another connection, or for
// another server's address, is refused; a ban of a key outlives a restart and follows the key to
// any address; a key file others can read is refused by the bot with the reason. (A mute that
// follows its key: names_process_test.cpp.)
#include <sys/stat.h>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "identity/hello_proof.h"
#include "server/names/player_name.h"
#include "server/records/records_store.h"
#include "support/admin_server_process.h"
#include "support/stranger.h"

namespace coyote::test {
namespace {

using ::testing::HasSubstr;

net::ServerEndpoint endpointOf(const std::string& text) {
  return *identity::parseEndpoint(text, 0);
}

// A signature seen on the wire, sent again from another address (or another port, or later: the
// cookie it signs is another), proves nothing.
TEST(PlayerKeys, AHelloReplayedFromAnotherConnectionIsRefused) {
  AdminServerProcess host;
  const Stranger ada(host.server.port, "127.0.0.2", helloAs("ada"));
  ASSERT_EQ(ada.answer, "welcome");
  const net::Hello seen = ada.peer.signedHello(helloAs("ada2"));
  const Stranger replayer(host.server.port, "127.0.0.3", seen);
  EXPECT_THAT(replayer.answer, HasSubstr("signature does not prove its player key"));
  RawPeer keyless(static_cast<std::uint16_t>(host.server.port), std::nullopt, "127.0.0.4");
  for (int turn = 0; turn < 400 && !keyless.received<net::Refusal>(); ++turn) {
    keyless.poll(monotonicSeconds());
    if (keyless.connected() && turn % 100 == 0) {  // bytes as they are: RawPeer::send would sign
      keyless.sendBytes(net::encode(helloAs("nokey")), net::kReliableChannel);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(keyless.received<net::Refusal>([](const net::Refusal& refusal) {
    return refusal.reason == "the Hello carries no player key";
  }));
}

// A server that relays its players' Hellos had them signed for its own address.
TEST(PlayerKeys, AHelloSignedForAnotherServerIsRefusedAndAPublicAddressIsTheServers) {
  AdminServerProcess host({.publicAddresses = "203.0.113.5:7777, 198.51.100.7"});
  const int port = host.server.port;
  const Stranger relayed(port, "127.0.0.2", helloAs("ada"), std::nullopt,
                         endpointOf(fmt::format("192.0.2.1:{}", port)));
  EXPECT_THAT(relayed.answer, HasSubstr(fmt::format(
                                  "this server is not at 192.0.2.1:{} as far as it knows", port)));
  const Stranger elsewhere(port, "127.0.0.3", helloAs("bob"), std::nullopt,
                           endpointOf("203.0.113.6:7777"));
  EXPECT_THAT(elsewhere.answer, HasSubstr("not at 203.0.113.6:7777"));
  const Stranger published(port, "127.0.0.4", helloAs("carl"), std::nullopt,
                           endpointOf("203.0.113.5:7777"));
  EXPECT_EQ(published.answer, "welcome") << "server.public_addresses lists it";
  const Stranger ownPort(port, "127.0.0.5", helloAs("dora"), std::nullopt,
                         endpointOf(fmt::format("198.51.100.7:{}", port)));
  EXPECT_EQ(ownPort.answer, "welcome") << "an address without a port is on the server's own";
  const Stranger proxied(port, "127.0.0.6", helloAs("eve"), std::nullopt,
                         endpointOf(fmt::format("127.0.0.1:{}", port + 1)));
  EXPECT_EQ(proxied.answer, "welcome") << "loopback: a proxy on the client's own machine";
}

// Banned by key from one address, the player stays out from every other, under any name and
// after a restart; another key from another address is let in.
TEST(PlayerKeys, AKeyBanFollowsTheKeyEverywhereAndOutlivesARestart) {
  TempDirectory folder("key-bans");
  const std::string bans = (folder.path() / "bans.json").string();
  const identity::PlayerKey wileKey = identity::PlayerKey::generate();
  const std::string fingerprint = identity::keyFingerprint(wileKey.publicKey());
  {
    AdminServerProcess host({.bansFile = bans});
    Stranger wile(host.server.port, "127.0.0.2", helloAs("wile"), wileKey);
    ASSERT_EQ(wile.answer, "welcome");
    const CommandResult players = host.admin("players");
    ASSERT_EQ(players.exitCode, 0) << players.output;
    EXPECT_THAT(players.output, HasSubstr(fingerprint)) << "/admin/players shows its key";
    ASSERT_EQ(host.admin("ban wile --reason griefing").exitCode, 0);
    pumpFor({&wile}, 0.5);
    EXPECT_THAT(wile.goodbye(), HasSubstr("banned"));
  }
  AdminServerProcess restarted({.bansFile = bans});
  const Stranger renamed(restarted.server.port, "127.0.0.7", helloAs("coyote_fan"), wileKey);
  EXPECT_THAT(renamed.answer, HasSubstr("banned: griefing")) << "its key, elsewhere, renamed";
  net::Hello watching = helloAs("");
  watching.spectator = true;
  const Stranger watcher(restarted.server.port, "127.0.0.8", watching, wileKey);
  EXPECT_THAT(watcher.answer, HasSubstr("banned")) << "nor may it watch";
  const Stranger newKeyOldAddress(restarted.server.port, "127.0.0.2", helloAs("road"));
  EXPECT_THAT(newKeyOldAddress.answer, HasSubstr("banned")) << "a new key from its address";
  const Stranger someoneElse(restarted.server.port, "127.0.0.9", helloAs("road"));
  EXPECT_EQ(someoneElse.answer, "welcome");
}

// A reconnect token brings back its own player only: another key holding it guesses wrong.
TEST(PlayerKeys, AReconnectTokenBringsBackOnlyItsKey) {
  AdminServerProcess host;
  const Departed ada = joinAndLeave(host.server.port, "127.0.0.2", "ada");
  ASSERT_EQ(ada.answer, "welcome");
  Stranger thief(host.server.port, "127.0.0.3", helloAs("thief", ada.token));
  ASSERT_EQ(thief.answer, "welcome") << "a newcomer under its own name";
  EXPECT_THAT(thief.lines(net::ChatKind::Server), ::testing::Contains("thief joined"));
  const Stranger back(host.server.port, "127.0.0.2", helloAs("ada", ada.token), ada.key);
  EXPECT_EQ(back.answer, "welcome");
  EXPECT_THAT(back.lines(net::ChatKind::Server), ::testing::Not(::testing::Contains("ada joined")))
      << "it came back to its slot";
}

// On a server with records, a name is its records' key's: another key is refused under it (and
// its look-alikes) until an admin releases it.
TEST(PlayerKeys, ANameThatSetRecordsIsItsKeysUntilReleased) {
  TempDirectory folder("name-owners");
  const std::string records = (folder.path() / "records.sqlite").string();
  const identity::PlayerKey adaKey = identity::PlayerKey::generate();
  openRecordsStore(records, "")
      ->claimName({nameKey("Ada"), identity::keyFingerprint(adaKey.publicKey()), "Ada", 1000});
  AdminServerProcess host({.recordsPath = records});
  for (const char* name : {"ada", "ADA", "\u0430da"}) {
    const Stranger impostor(host.server.port, "127.0.0.2", helloAs(name));
    EXPECT_THAT(impostor.answer, HasSubstr("set records here and belongs to their player's key"))
        << name;
  }
  {
    Stranger ada(host.server.port, "127.0.0.3", helloAs("Ada"), adaKey);
    EXPECT_EQ(ada.answer, "welcome") << "its own key, from anywhere";
    // Kicked, it keeps no reservation: a reservation would keep the name for its key (30 s).
    ASSERT_EQ(host.admin("kick Ada").exitCode, 0);
    pumpFor({&ada}, 0.3);
  }
  const CommandResult released = host.admin("release ada");
  ASSERT_EQ(released.exitCode, 0) << released.output;
  EXPECT_NE(host.admin("release ada").exitCode, 0) << "nobody owns it any more";
  const Stranger newcomer(host.server.port, "127.0.0.4", helloAs("ada"));
  EXPECT_EQ(newcomer.answer, "welcome");
}

// Like ssh, a bot refuses a key file others may read, and says how to mend it.
TEST(PlayerKeys, ABotRefusesAKeyFileOthersCanRead) {
  TempDirectory folder("bot-key");
  const std::string file = (folder.path() / "player.key").string();
  identity::PlayerKey::generate().save(file);
  ASSERT_EQ(::chmod(file.c_str(), 0644), 0);
  const CommandResult bot = runCommand(fmt::format(
      "{} --connect 127.0.0.1:9 --count 1 --seconds 1 --key {} 2>&1", COYOTE_BOT_BINARY, file));
  EXPECT_NE(bot.exitCode, 0);
  EXPECT_THAT(bot.output, HasSubstr("mode 0644 lets other users read your player key; run "
                                    "chmod 600"));
}

}  // namespace
}  // namespace coyote::test
