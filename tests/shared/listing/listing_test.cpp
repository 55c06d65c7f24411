// The server list's formats: what a master reads from game servers and a browser from masters
// is checked field by field, and every refusal names its field.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "listing/master_token.h"
#include "listing/registration.h"
#include "listing/server_list.h"
#include "wire/room_name.h"

namespace coyote::listing {
namespace {

net::ServerInfo anInfo() {
  net::ServerInfo info;
  info.protocolVersion = 15;
  info.name = "Coyote server";
  info.motd = "be nice";
  info.version = "coyote protocol 15";
  info.players = 3;
  info.maxPlayers = 128;
  info.rooms = {{"main", "arena", "play", 3, 16}, {"race", "race", "race", 0, 16}};
  info.roomCount = 2;
  return info;
}

Registration aRegistration() {
  Registration registration;
  registration.port = 7777;
  registration.challenge.fill(0xab);
  registration.token = Token{};
  registration.token->fill(0x01);
  registration.info = anInfo();
  return registration;
}

std::string refusal(const std::string& body) {
  std::string error;
  EXPECT_FALSE(parseRegistration(body, error)) << body;
  return error;
}

TEST(Registration, ReadsBackWhatIsWritten) {
  std::string error;
  const auto read = parseRegistration(registrationJson(aRegistration()), error);
  ASSERT_TRUE(read) << error;
  EXPECT_EQ(read->port, 7777);
  EXPECT_EQ(read->address, "");
  EXPECT_EQ(read->challenge, aRegistration().challenge);
  EXPECT_EQ(read->token, aRegistration().token);
  EXPECT_EQ(read->info.name, "Coyote server");
  ASSERT_EQ(read->info.rooms.size(), 2u);
  EXPECT_EQ(read->info.rooms[1].mode, "race");
  EXPECT_EQ(read->info.roomCount, 2);
}

TEST(Registration, RefusesEachBadFieldByName) {
  nlohmann::json good = nlohmann::json::parse(registrationJson(aRegistration()));
  const auto with = [&](const std::string& pointer, nlohmann::json value) {
    nlohmann::json changed = good;
    changed[nlohmann::json::json_pointer(pointer)] = std::move(value);
    return refusal(changed.dump());
  };
  EXPECT_EQ(with("/port", 0), "port: expected a whole number from 1 to 65535");
  EXPECT_EQ(with("/port", 70000), "port: expected a whole number from 1 to 65535");
  EXPECT_EQ(with("/address", "10.0.0"), "address: expected an IPv4 address a.b.c.d");
  EXPECT_EQ(with("/challenge", "abc"), "challenge: expected 32 hex digits");
  EXPECT_EQ(with("/token", std::string(32, 'g')), "token: expected 32 hex digits");
  EXPECT_EQ(with("/info/name", std::string(49, 'x')), "info.name: at most 48 bytes");
  EXPECT_EQ(with("/info/motd", "line\nforged"), "info.motd: the text holds a control character");
  EXPECT_EQ(with("/info/password", 1), "info.password: expected true or false");
  EXPECT_EQ(with("/info/players", -1), "info.players: expected a whole number from 0 to 65535");
  EXPECT_EQ(with("/info/rooms/1/level", 7), "info.rooms[1].level: expected text");
  EXPECT_EQ(with("/info/rooms/0/name", "a b"),
            "info.rooms[0].name: " + net::roomNameProblem("a b"));
  EXPECT_EQ(with("/info/rooms", nlohmann::json::array({1})), "info.rooms[0]: expected an object");
  nlohmann::json many = nlohmann::json::array();
  for (int i = 0; i < 65; ++i) {
    many.push_back(good["info"]["rooms"][0]);
  }
  EXPECT_EQ(with("/info/rooms", many), "info.rooms: expected a list of at most 64 rooms");
  good["info"].erase("version");
  EXPECT_EQ(refusal(good.dump()), "info.version: missing");
  EXPECT_EQ(refusal("[1, 2]"), "not a JSON object");
  EXPECT_EQ(refusal("{\"port\": 1"), "not a JSON object");
  EXPECT_EQ(refusal(std::string(kMaxRegistrationBytes + 1, ' ')),
            "a registration is at most 16384 bytes");
}

TEST(MasterToken, RoundTripsAndRefusesAnythingElse) {
  MasterToken token;
  token.challenge.fill(3);
  token.token.fill(9);
  const auto datagram = encodeMasterToken(token);
  const auto read = parseMasterToken(datagram);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->challenge, token.challenge);
  EXPECT_EQ(read->token, token.token);
  EXPECT_FALSE(parseMasterToken(std::span(datagram).first(kMasterTokenSize - 1)));
  auto wrongMagic = datagram;
  wrongMagic[6] = '?';
  EXPECT_FALSE(parseMasterToken(wrongMagic));
}

TEST(ServerList, ReadsEveryGoodEntryAndCountsTheBadOnes) {
  const ListedServer server{"203.0.113.5", 7777, anInfo()};
  nlohmann::json bad = nlohmann::json::parse(listedServerJson(server));
  bad["info"]["name"] = "\x1b[31mred";
  const std::string list =
      serverListJson({listedServerJson(server), R"({"address": "203.0.113.5:0", "info": {}})",
                      R"({"address": "host:7777", "info": {}})", "7", bad.dump()});
  std::string error;
  const auto read = parseServerList(list, error);
  ASSERT_TRUE(read) << error;
  ASSERT_EQ(read->servers.size(), 1u);
  EXPECT_EQ(read->servers[0].address(), "203.0.113.5:7777");
  EXPECT_EQ(read->servers[0].info.motd, "be nice");
  EXPECT_EQ(read->skipped, 4u);
  EXPECT_FALSE(parseServerList(R"({"servers": 5})", error));
  EXPECT_EQ(error, "not a server list: expected {\"servers\": [...]}");
  EXPECT_FALSE(parseServerList(std::string(kMaxServerListBytes + 1, ' '), error));
}

}  // namespace
}  // namespace coyote::listing
