// The master's parts without its HTTP server: the table, the address proof, the registration
// desk (with a real UDP socket for its tokens) and the list page.

#include <arpa/inet.h>

#include <functional>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include "config/environment_table.h"
#include "master/address_proof.h"
#include "master/list_page.h"
#include "master/master_config.h"
#include "master/master_service.h"
#include "master/registration_desk.h"
#include "master/server_table.h"
#include "support/master_process.h"
#include "support/refusal.h"

namespace coyote {
namespace {

net::ServerEndpoint endpoint(const char* host, std::uint16_t port) {
  net::ServerEndpoint result{0, port};
  inet_pton(AF_INET, host, &result.host);
  return result;
}

listing::Challenge challenge(std::uint8_t fill) {
  listing::Challenge made{};
  made.fill(fill);
  return made;
}

TEST(ServerTable, ExpiresAServerAfterFortyFiveSecondsWithoutAHeartbeat) {
  EXPECT_EQ(MasterConfig{}.expirySeconds, 45.0f);
  ServerTable table({});
  const auto at = endpoint("203.0.113.1", 7777);
  EXPECT_EQ(table.list(at, at.host, challenge(1), "{}", 0.0), ServerTable::Outcome::Listed);
  EXPECT_EQ(table.list(at, at.host, challenge(1), "{}", 30.0), ServerTable::Outcome::Refreshed);
  EXPECT_EQ(table.expire(74.9), 0u);
  EXPECT_EQ(table.size(), 1u);
  EXPECT_EQ(table.expire(75.0), 1u);
  EXPECT_EQ(table.size(), 0u);
}

TEST(ServerTable, KeepsItsLimitsAndKnowsWhoHoldsAnAddress) {
  ServerTable table({3, 2, 45.0});
  const auto source = endpoint("203.0.113.1", 0).host;
  EXPECT_EQ(table.list(endpoint("203.0.113.1", 1), source, challenge(1), "a", 0.0),
            ServerTable::Outcome::Listed);
  EXPECT_EQ(table.list(endpoint("203.0.113.1", 2), source, challenge(2), "b", 0.0),
            ServerTable::Outcome::Listed);
  EXPECT_EQ(table.list(endpoint("203.0.113.1", 3), source, challenge(3), "c", 0.0),
            ServerTable::Outcome::AddressFull);
  const auto other = endpoint("198.51.100.1", 0).host;
  EXPECT_EQ(table.list(endpoint("198.51.100.1", 1), other, challenge(4), "d", 0.0),
            ServerTable::Outcome::Listed);
  EXPECT_EQ(table.list(endpoint("198.51.100.1", 2), other, challenge(5), "e", 0.0),
            ServerTable::Outcome::Full);
  EXPECT_TRUE(table.heldByAnother(endpoint("203.0.113.1", 1), other));
  EXPECT_FALSE(table.heldByAnother(endpoint("203.0.113.1", 1), source))
      << "its own source: a restarted server, whatever its new challenge";
  EXPECT_EQ(table.entries(), (std::vector<std::string>{"d", "a", "b"}));  // by address
}

TEST(AddressProof, ATokenIsGoodForItsMinuteAndTheNextForItsAddressAndAskerAlone) {
  const AddressProof proof;
  const auto at = endpoint("203.0.113.1", 7777);
  const std::uint32_t asker = endpoint("203.0.113.1", 0).host;
  const listing::Token token = proof.token(at, challenge(1), asker, 120.0);
  EXPECT_TRUE(proof.valid(at, challenge(1), asker, token, 120.0));
  EXPECT_TRUE(proof.valid(at, challenge(1), asker, token, 239.9));
  EXPECT_FALSE(proof.valid(at, challenge(1), asker, token, 240.0));
  EXPECT_FALSE(proof.valid(endpoint("203.0.113.1", 7778), challenge(1), asker, token, 120.0));
  EXPECT_FALSE(proof.valid(endpoint("203.0.113.2", 7777), challenge(1), asker, token, 120.0));
  EXPECT_FALSE(proof.valid(at, challenge(2), asker, token, 120.0));
  EXPECT_FALSE(proof.valid(at, challenge(1), endpoint("198.51.100.7", 0).host, token, 120.0))
      << "seen on the wire, no use from another address";
  EXPECT_FALSE(AddressProof().valid(at, challenge(1), asker, token, 120.0));  // another master
}

TEST(RegistrationDesk, ListsAServerOnceItCarriesTheTokenSentToItsPort) {
  MasterConfig config;
  config.listPrivateAddresses = true;
  ServerTable table({});
  RegistrationDesk desk(config, table);
  test::FakeGameServer game("127.0.0.1");
  const std::string body = listing::registrationJson(game.registration());
  EXPECT_EQ(desk.registration(body, "127.0.0.1", 0.0).status, 202);
  ASSERT_TRUE(game.awaitToken(2.0));
  EXPECT_EQ(table.size(), 0u);
  const auto answer =
      desk.registration(listing::registrationJson(game.registration()), "127.0.0.1", 1.0);
  EXPECT_EQ(answer.status, 200) << answer.json;
  EXPECT_EQ(table.size(), 1u);
  EXPECT_EQ(desk.counters().listed, 1u);
  EXPECT_EQ(desk.counters().tokensSent, 1u);
  EXPECT_EQ(desk.registration("{", "127.0.0.1", 2.0).status, 400);
  EXPECT_EQ(desk.registration(body, "not an address", 2.0).status, 403);
}

/// `game` registers from its own address at 0 s, takes the token, and is listed at 1 s.
void proveItself(RegistrationDesk& desk, test::FakeGameServer& game) {
  ASSERT_EQ(
      desk.registration(listing::registrationJson(game.registration()), "127.0.0.1", 0.0).status,
      202);
  ASSERT_TRUE(game.awaitToken(2.0));
  ASSERT_EQ(
      desk.registration(listing::registrationJson(game.registration()), "127.0.0.1", 1.0).status,
      200);
}

TEST(RegistrationDesk, AServerThatLeavesIsTakenOffByItsOwnChallengeAlone) {
  MasterConfig config;
  config.listPrivateAddresses = true;
  ServerTable table({});
  RegistrationDesk desk(config, table);
  test::FakeGameServer game("127.0.0.1");
  proveItself(desk, game);
  listing::Registration stranger = game.registration();
  stranger.leaving = true;
  stranger.challenge.fill(0x99);  // another challenge: its token is not valid for it
  desk.registration(listing::registrationJson(stranger), "127.0.0.1", 2.0);
  EXPECT_EQ(table.size(), 1u);
  listing::Registration leaving = game.registration();
  leaving.leaving = true;
  EXPECT_EQ(desk.registration(listing::registrationJson(leaving), "127.0.0.1", 3.0).status, 200);
  EXPECT_EQ(table.size(), 0u);
  EXPECT_EQ(desk.counters().left, 1u);
}

TEST(MasterService, ARegistrationIsJsonByItsMediaTypeNotByItsFirstLetters) {
  for (const char* json : {"application/json", "application/json; charset=utf-8",
                           "Application/JSON", " application/json ;charset=UTF-8"}) {
    EXPECT_TRUE(isJsonContentType(json)) << json;
  }
  for (const char* other : {"application/jsonx", "application/json-patch+json", "text/json", "",
                            "application/jso", "application/json5; charset=utf-8"}) {
    EXPECT_FALSE(isJsonContentType(other)) << other;
  }
}

// A token and challenge seen on the wire, replayed from another address: the entry is neither
// rewritten ("hijack") nor taken off by a replayed `leaving`; from the server's own address,
// both are.
TEST(RegistrationDesk, AnEntryChangesOrLeavesOnlyFromTheAddressThatProvedIt) {
  MasterConfig config;
  config.listPrivateAddresses = true;
  ServerTable table({});
  RegistrationDesk desk(config, table);
  test::FakeGameServer game("127.0.0.1");
  proveItself(desk, game);
  const std::vector<std::string> listed = table.entries();
  listing::Registration seen = game.registration();  // what an eavesdropper copied
  seen.address = "127.0.0.1";                        // for the server's address, not its own
  seen.info.name = "hijack";
  const auto rewrite = desk.registration(listing::registrationJson(seen), "127.0.0.9", 2.0);
  EXPECT_EQ(rewrite.status, 409) << rewrite.json;
  seen.leaving = true;
  desk.registration(listing::registrationJson(seen), "127.0.0.9", 3.0);
  EXPECT_EQ(table.entries(), listed) << "unchanged, still listed";
  listing::Registration leaving = game.registration();
  leaving.leaving = true;
  EXPECT_EQ(desk.registration(listing::registrationJson(leaving), "127.0.0.1", 4.0).status, 200);
  EXPECT_EQ(table.size(), 0u);
}

// Two strangers name the victim's IP on other ports every second for three minutes, spending the
// tokens to it that others may ask for. The victim registers from its own IP every heartbeat
// (15 s) and proves itself again when its token expires: it is listed at its first heartbeat
// and stays listed throughout, and the IP is sent at most 2 x 64 tokens a minute.
TEST(RegistrationDesk, AStrangerCanNeitherDelayNorUndoTheListingOfAServerAtItsOwnAddress) {
  MasterConfig config;
  config.listPrivateAddresses = true;
  ServerTable table({});
  RegistrationDesk desk(config, table);
  test::FakeGameServer victim("127.0.0.1");
  std::uint64_t tokensThisMinute = 0;
  std::uint64_t mostInAMinute = 0;
  double listedAt = -1.0;
  int unlistedChecks = 0;
  for (int second = 0; second < 180; ++second) {
    const double now = second;
    const std::uint64_t before = desk.counters().tokensSent;
    for (const char* stranger : {"127.0.0.8", "127.0.0.9"}) {
      listing::Registration forged = victim.registration();
      forged.address = "127.0.0.1";
      forged.port = static_cast<std::uint16_t>(20000 + second);
      forged.challenge.fill(static_cast<std::uint8_t>(second));
      forged.token.reset();
      desk.registration(listing::registrationJson(forged), stranger, now);
    }
    if (second % 15 == 0) {  // the victim's heartbeat
      auto answer =
          desk.registration(listing::registrationJson(victim.registration()), "127.0.0.1", now);
      if (answer.status == 202 && victim.awaitToken(2.0)) {
        answer =
            desk.registration(listing::registrationJson(victim.registration()), "127.0.0.1", now);
      }
      EXPECT_EQ(answer.status, 200) << "at " << second << " s: " << answer.json;
      listedAt = listedAt < 0.0 && answer.status == 200 ? now : listedAt;
      unlistedChecks += table.size() == 1 ? 0 : 1;
    }
    tokensThisMinute += desk.counters().tokensSent - before;
    if (second % 60 == 59) {
      mostInAMinute = std::max(mostInAMinute, tokensThisMinute);
      tokensThisMinute = 0;
    }
  }
  EXPECT_EQ(listedAt, 0.0) << "listed at its first heartbeat";
  EXPECT_EQ(unlistedChecks, 0) << "and at every one after";
  EXPECT_LE(mostInAMinute, 2u * 64u);
  EXPECT_GE(mostInAMinute, 64u) << "the strangers did spend what others may ask for";
  EXPECT_GT(desk.counters().limited, 100u) << "and were refused beyond it";
}

// What a registration claims is checked where it can be: each lie refused with 400, naming its
// field, before any token is sent; the honest one is let through.
TEST(RegistrationDesk, ALyingRegistrationIsRefusedNamingWhatCannotBe) {
  MasterConfig config;
  config.listPrivateAddresses = true;
  ServerTable table({});
  RegistrationDesk desk(config, table);
  test::FakeGameServer game("127.0.0.1");
  using Lie = std::function<void(net::ServerInfo&)>;
  const std::vector<std::pair<Lie, std::string>> lies = {
      {[](net::ServerInfo& i) { i.maxPlayers = 1, i.players = 65535; }, "info.players: 65535"},
      {[](net::ServerInfo& i) { i.rooms[0].maxPlayers = 1, i.rooms[0].players = 999; },
       "info.rooms[0].players: 999 players of a capacity of 1"},
      {[](net::ServerInfo& i) { i.protocolVersion = 65535; }, "info.protocol: 65535"},
      {[](net::ServerInfo& i) { i.name = "\u2800"; }, "info.name looks blank"},
      {[](net::ServerInfo& i) { i.name = "\u3000"; }, "info.name looks blank"},
      {[](net::ServerInfo& i) { i.name = "\ufe0f"; }, "info.name looks blank"},
      {[](net::ServerInfo& i) { i.name = "\u17b4\u17b5"; }, "info.name looks blank"},
      {[](net::ServerInfo& i) { i.name = "  x"; }, "info.name starts or ends with a space"},
      {[](net::ServerInfo& i) { i.rooms[0].mode = "8bytemod"; }, "info.rooms[0].mode"},
      {[](net::ServerInfo& i) { i.players = 5; }, "add up to 0, not the 5"},
      {[](net::ServerInfo& i) { i.rooms[0].maxPlayers = 17; }, "more than the server's 16"},
  };
  for (const auto& [lie, why] : lies) {
    listing::Registration registration = game.registration();
    lie(registration.info);
    const auto answer =
        desk.registration(listing::registrationJson(registration), "127.0.0.1", 0.0);
    EXPECT_EQ(answer.status, 400) << why << ": " << answer.json;
    EXPECT_NE(answer.json.find(why), std::string::npos) << answer.json;
  }
  EXPECT_EQ(desk.counters().tokensSent, 0u) << "no token for a lie";
  EXPECT_EQ(
      desk.registration(listing::registrationJson(game.registration()), "127.0.0.1", 0.0).status,
      202);
}

TEST(RegistrationDesk, AMasterOnTheInternetListsNoPrivateAddress) {
  ServerTable table({});
  RegistrationDesk desk(MasterConfig{}, table);
  const auto answer =
      desk.registration(listing::registrationJson(test::FakeGameServer("127.0.0.1").registration()),
                        "127.0.0.1", 0.0);
  EXPECT_EQ(answer.status, 403);
  EXPECT_NE(answer.json.find("private address"), std::string::npos) << answer.json;
  for (const char* address :
       {"10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.0.1", "100.64.0.1", "127.0.0.1"}) {
    EXPECT_NE(unlistableAddress(endpoint(address, 0).host, false), "") << address;
    EXPECT_EQ(unlistableAddress(endpoint(address, 0).host, true), "") << address;
  }
  for (const char* address : {"0.1.2.3", "224.0.0.1", "255.255.255.255"}) {
    EXPECT_NE(unlistableAddress(endpoint(address, 0).host, true), "") << address;
  }
  EXPECT_EQ(unlistableAddress(endpoint("203.0.113.1", 0).host, false), "");
}

std::string gunzip(const std::string& compressed) {
  z_stream stream{};
  inflateInit2(&stream, 15 + 16);
  std::string out(1 << 20, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  stream.avail_in = static_cast<uInt>(compressed.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&stream, Z_FINISH), Z_STREAM_END);
  out.resize(stream.total_out);
  inflateEnd(&stream);
  return out;
}

TEST(ListPage, ServesGzipWithAnETagAndIsRebuiltOnlyAfterItsInterval) {
  ServerTable table({});
  const auto at = endpoint("203.0.113.1", 7777);
  table.list(at, at.host, challenge(1), R"({"address":"203.0.113.1:7777"})", 0.0);
  ListPage page(2.0);
  const HttpServer::Response gzip = page.answer(table, "gzip, deflate", "", 0.0);
  EXPECT_EQ(gzip.status, 200);
  EXPECT_EQ(gunzip(*gzip.body), R"({"servers":[{"address":"203.0.113.1:7777"}]})");
  const auto header = [](const HttpServer::Response& response, const std::string& name) {
    for (const auto& [key, value] : response.headers) {
      if (key == name) {
        return value;
      }
    }
    return std::string();
  };
  EXPECT_EQ(header(gzip, "Content-Encoding"), "gzip");
  const std::string etag = header(gzip, "ETag");
  EXPECT_EQ(etag.size(), 18u);
  const HttpServer::Response plain = page.answer(table, "", "", 0.5);
  EXPECT_EQ(*plain.body, R"({"servers":[{"address":"203.0.113.1:7777"}]})");
  EXPECT_EQ(header(plain, "Content-Encoding"), "");
  EXPECT_EQ(page.answer(table, "gzip;q=0", "", 0.5).body, plain.body);
  EXPECT_EQ(page.answer(table, "gzip", etag, 1.0).status, 304);

  const auto other = endpoint("203.0.113.2", 7777);
  table.list(other, other.host, challenge(2), R"({"address":"203.0.113.2:7777"})", 1.0);
  EXPECT_EQ(page.answer(table, "gzip", etag, 1.5).status, 304);  // within the interval
  EXPECT_EQ(page.answer(table, "gzip", etag, 2.0).status, 200);  // rebuilt
  EXPECT_EQ(page.builds(), 2u);
}

TEST(MasterConfig, ReadsTheEnvironmentAndRefusesWhatIsOutOfRange) {
  std::string port = "COYOTE_MASTER_PORT=8400";
  std::string expiry = "COYOTE_MASTER_EXPIRY_SECONDS=30";
  std::string foreign = "COYOTE_SERVER_PORT=1";
  char* environment[] = {port.data(), expiry.data(), foreign.data(), nullptr};
  MasterConfig config;
  applyMasterEnvironment(environment, config);
  EXPECT_EQ(config.port, 8400);
  EXPECT_EQ(config.expirySeconds, 30.0f);
  std::string low = "COYOTE_MASTER_EXPIRY_SECONDS=15";
  char* bad[] = {low.data(), nullptr};
  EXPECT_THAT(test::refusalOf([&] { applyMasterEnvironment(bad, config); }),
              ::testing::HasSubstr("master.expiry_seconds"))
      << "an expiry shorter than a heartbeat is refused";
  std::string proxies = "COYOTE_MASTER_TRUSTED_PROXIES=10.0.0.1, 10.0.0.2";
  char* listed[] = {proxies.data(), nullptr};
  applyMasterEnvironment(listed, config);
  EXPECT_EQ(config.trustedProxies, (std::vector<std::string>{"10.0.0.1", "10.0.0.2"}));
  std::string named = "COYOTE_MASTER_TRUSTED_PROXIES=proxy.example.org";
  char* notAddress[] = {named.data(), nullptr};
  EXPECT_THAT(test::refusalOf([&] { applyMasterEnvironment(notAddress, config); }),
              ::testing::HasSubstr("master.trusted_proxies"))
      << "a proxy that is no address is not trusted";
}

}  // namespace
}  // namespace coyote
