// The client trusts nothing from the server: a fake server on 127.0.0.1 sends messages with one
// bad field each, forged byte by byte (the real encoder refuses to write them), and the client
// must end its session with an error naming the field, never read or write out of bounds.
#include <functional>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "client/core/client_session.h"
#include "net/new_reconnect_token.h"
#include "support/fake_server_host.h"
#include "support/network.h"
#include "wire/wire_archive.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

/// What a forged Welcome gets wrong.
struct WelcomeForgery {
  std::int16_t slot = 0;
  std::uint16_t spawnCount = 1;
  Vec2 spawn{2.5f, 2.0f};
  std::uint8_t tile = 0;
  std::int32_t width = 8;
  const char* setting = "";  ///< this physics setting is written as `settingValue`
  float settingValue = 0.0f;
  int repeatedSlot = -1;  ///< the snapshot lists this slot twice
  std::uint16_t levelEpoch = 0;
};

void writeLevel(net::WireOutputArchive& out, const WelcomeForgery& forgery) {
  const std::int32_t height = 4;
  out(forgery.width, height);
  const std::vector<std::uint8_t> tiles(
      static_cast<std::size_t>(std::max(forgery.width, 0) * height), forgery.tile);
  out(cereal::binary_data(tiles.data(), tiles.size()));
  out(forgery.spawnCount);
  for (std::uint16_t i = 0; i < forgery.spawnCount; ++i) {
    out(forgery.spawn);
  }
  out(std::int32_t{-1}, std::int32_t{-1}, std::uint16_t{0});  // budgets, empty name
  // No platforms, crates, checkpoints, race or joints.
  out(std::uint16_t{0}, std::uint16_t{0}, std::uint16_t{0}, std::uint8_t{0}, std::uint16_t{0});
  out(std::uint16_t{1}, 1.0f, 0.0f);  // the default material
  out(std::uint16_t{1}, static_cast<std::uint32_t>(std::max(forgery.width, 1) * height),
      std::uint8_t{0});  // every cell of it
}

void writePhysics(net::WireOutputArchive& out, const WelcomeForgery& forgery) {
  const PhysicsConfig defaults;
  PhysicsConfig::forEachField(defaults, [&](const auto& setting, auto value) {
    if (std::string_view(setting.name) == forgery.setting) {
      value = static_cast<decltype(value)>(forgery.settingValue);
    }
    out(value);
  });
}

void writeSnapshot(net::WireOutputArchive& out, const WelcomeForgery& forgery) {
  const bool repeat = forgery.repeatedSlot >= 0;
  out(std::uint32_t{10}, static_cast<std::uint16_t>(repeat ? 2 : 0));  // tick, characters
  for (int i = 0; repeat && i < 2; ++i) {
    Character character;
    character.active = true;
    out(static_cast<std::uint8_t>(forgery.repeatedSlot), character);
  }
  out(std::uint16_t{0}, std::uint16_t{0}, std::uint16_t{0});  // no platforms, crates, joints
  out(std::uint16_t{0}, std::uint16_t{0});                    // no activity limits
  out(std::uint16_t{0}, std::uint16_t{0});                    // inputs, roster
}

std::vector<std::uint8_t> forgedWelcome(const WelcomeForgery& forgery) {
  std::ostringstream stream;
  stream.put(static_cast<char>(net::Welcome::kType));
  {
    net::WireOutputArchive out(stream);
    out(net::kProtocolVersion, forgery.slot, net::newReconnectToken(), std::uint16_t{20},
        std::uint32_t{0});
    writeLevel(out, forgery);
    writePhysics(out, forgery);
    writeSnapshot(out, forgery);
    out(forgery.levelEpoch);
  }
  const std::string bytes = stream.str();
  return {bytes.begin(), bytes.end()};
}

/// A fake server that answers the first Hello with `welcome`, then sends `after` (if any).
/// Returns the client's end reason ("" if it never ended); `atEnd` may look at the client.
std::string sessionAgainst(const std::vector<std::uint8_t>& welcome,
                           const std::vector<std::uint8_t>& after = {},
                           const std::function<void(const ClientSession&)>& atEnd = {}) {
  test::FakeServerHost fake;
  ClientSession client(test::clientOptions(fake.port(), "victim"), test::quietLogger());
  double now = 0.0;
  for (int turn = 0; turn < 3000 && client.phase() != ClientPhase::Disconnected &&
                     client.phase() != ClientPhase::Refused;
       ++turn) {
    client.update(now += 0.001, [](std::uint32_t) { return PlayerInput{}; });
    ENetEvent event;
    while (enet_host_service(fake.get(), &event, 0) > 0) {
      if (event.type != ENET_EVENT_TYPE_RECEIVE) {
        continue;
      }
      const bool hello = event.packet->data[0] == net::Hello::kType;
      enet_packet_destroy(event.packet);
      for (const auto* bytes : {&welcome, &after}) {
        if (hello && !bytes->empty()) {
          enet_peer_send(
              event.peer, net::kReliableChannel,
              enet_packet_create(bytes->data(), bytes->size(), ENET_PACKET_FLAG_RELIABLE));
        }
      }
    }
  }
  if (atEnd) {
    atEnd(client);
  }
  return client.phase() == ClientPhase::Playing ? "" : client.endReason();
}

TEST(HostileServer, AValidForgedWelcomeIsAccepted) {
  EXPECT_EQ(sessionAgainst(forgedWelcome({})), "");
}

// A server repeats its Welcome to a client that may not have it (server/session/welcome_copies.h),
// and the reliable original may come after a copy: a second Welcome on the same connection, even
// one that says something else, changes nothing.
TEST(HostileServer, ASecondWelcomeOnTheSameConnectionIsIgnored) {
  int slot = -2;
  EXPECT_EQ(sessionAgainst(forgedWelcome({.slot = 0}), forgedWelcome({.slot = 5}),
                           [&](const ClientSession& client) { slot = client.playerSlot(); }),
            "");
  EXPECT_EQ(slot, 0);
}

// Only a Welcome of a higher level epoch moves a client that plays to a new level.
TEST(HostileServer, ASecondWelcomeOfAHigherLevelEpochIsANewLevel) {
  int slot = -2;
  int changes = -1;
  EXPECT_EQ(sessionAgainst(forgedWelcome({.slot = 0, .levelEpoch = 3}),
                           forgedWelcome({.slot = 5, .levelEpoch = 4}),
                           [&](const ClientSession& client) {
                             slot = client.playerSlot();
                             changes = client.levelChanges();
                           }),
            "");
  EXPECT_EQ(slot, 5);
  EXPECT_EQ(changes, 1);
  EXPECT_EQ(sessionAgainst(forgedWelcome({.slot = 0, .levelEpoch = 3}),
                           forgedWelcome({.slot = 5, .levelEpoch = 2}),
                           [&](const ClientSession& client) {
                             slot = client.playerSlot();
                             changes = client.levelChanges();
                           }),
            "");
  EXPECT_EQ(slot, 0) << "an older epoch: a straggler";
  EXPECT_EQ(changes, 0);
}

TEST(HostileServer, APlayerSlotBeyondTheCapacityEndsTheSession) {
  for (const std::int16_t slot :
       {std::int16_t{256}, std::int16_t{300}, std::int16_t{30000}, std::int16_t{-2}}) {
    EXPECT_THAT(sessionAgainst(forgedWelcome({.slot = slot})),
                HasSubstr("malformed message from the server: player slot out of range"))
        << slot;
  }
}

TEST(HostileServer, PhysicsOutsideTheLoadersRangesEndsTheSession) {
  EXPECT_THAT(sessionAgainst(forgedWelcome({.setting = "tickRate", .settingValue = 0})),
              HasSubstr("tickRate out of range"));
  EXPECT_THAT(sessionAgainst(forgedWelcome({.setting = "playerWidth", .settingValue = NAN})),
              HasSubstr("playerWidth out of range"));
  EXPECT_THAT(sessionAgainst(forgedWelcome({.setting = "gravity", .settingValue = 1e9f})),
              HasSubstr("gravity out of range"));
}

TEST(HostileServer, ALevelTheSimulationCannotUseEndsTheSession) {
  EXPECT_THAT(sessionAgainst(forgedWelcome({.spawnCount = 0})), HasSubstr("without spawn"));
  EXPECT_THAT(sessionAgainst(forgedWelcome({.spawn = {99.0f, 2.0f}})),
              HasSubstr("spawn point outside the level"));
  EXPECT_THAT(sessionAgainst(forgedWelcome({.tile = 200})), HasSubstr("unknown tile type"));
  EXPECT_THAT(sessionAgainst(forgedWelcome({.width = 0})), HasSubstr("level size out of range"));
  EXPECT_THAT(sessionAgainst(forgedWelcome({.spawnCount = 300})), HasSubstr("spawn count 300"));
}

TEST(HostileServer, ASnapshotListingASlotTwiceEndsTheSession) {
  EXPECT_THAT(sessionAgainst(forgedWelcome({.repeatedSlot = 3})),
              HasSubstr("characters: slot out of range or repeated"));
}

std::vector<std::uint8_t> bytesOf(std::initializer_list<int> values) {
  std::vector<std::uint8_t> bytes;
  for (int value : values) {
    bytes.push_back(static_cast<std::uint8_t>(value));
  }
  return bytes;
}

TEST(HostileServer, BadFramesAfterAGoodWelcomeEndTheSession) {
  // ServerFrames: serverTick 500, sequence 0, ack 0, margin 0, input loss 0, 200 frames (over
  // the 120 cap).
  EXPECT_THAT(sessionAgainst(forgedWelcome({}),
                             bytesOf({net::ServerFrames::kType, 0xF4, 1, 0, 0, 0, 0, 0, 0, 200})),
              HasSubstr("frame count 200 exceeds 120"));
  // An input loss of 100.5 % (201 half percents).
  EXPECT_THAT(sessionAgainst(forgedWelcome({}),
                             bytesOf({net::ServerFrames::kType, 0xF4, 1, 0, 0, 0, 0, 0, 201, 0})),
              HasSubstr("input loss out of range"));
  // One frame at tick 11 whose roster event has kind 9, slot 1.
  EXPECT_THAT(sessionAgainst(forgedWelcome({}), bytesOf({net::ServerFrames::kType, 11, 0, 0, 0, 0,
                                                         0, 0, 0, 1, 1 << 5, 9, 1})),
              HasSubstr("unknown roster event"));
}

}  // namespace
}  // namespace coyote
