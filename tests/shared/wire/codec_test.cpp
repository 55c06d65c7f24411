#include "wire/codec.h"
#include "net/new_reconnect_token.h"
#include "wire/frames_encoding.h"

#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "scenario/ascii_level.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"

namespace coyote::net {
namespace {

template <class T>
T roundTrip(const T& message) {
  const std::vector<std::uint8_t> bytes = encode(Message{message});
  std::string error;
  const std::optional<Message> decoded = decode(bytes, error);
  EXPECT_TRUE(decoded.has_value()) << error;
  EXPECT_TRUE(std::holds_alternative<T>(*decoded));
  return std::get<T>(*decoded);
}

WorldState sampleState() {
  const Level level = levelFromAscii("S..S\n####\n");
  WorldState state = makeWorld(2, level, PhysicsConfig{});
  state.tick = 1234;
  state.characters[1].velocity = {3.5f, -2.25f};
  state.characters[1].dashTicksLeft = 4;
  return state;
}

TEST(Codec, HelloRoundTrips) {
  const Hello sent{kProtocolVersion, "wile", newReconnectToken(), true, 77};
  const Hello got = roundTrip(sent);
  EXPECT_EQ(got.protocolVersion, sent.protocolVersion);
  EXPECT_EQ(got.name, "wile");
  EXPECT_EQ(got.reconnectToken, sent.reconnectToken);
  EXPECT_TRUE(got.spectator);
  EXPECT_EQ(got.clientTimeMs, 77u);
}

TEST(Codec, WelcomeRoundTripsLevelConfigAndState) {
  Welcome sent;
  sent.playerSlot = 3;
  sent.reconnectToken = newReconnectToken();
  sent.sendRate = 20;
  sent.level = toLevelData(levelFromAscii("S./\\RL~^-\n#########\n"));
  sent.physics.gravity = 42.0f;
  sent.snapshot.state = sampleState();
  sent.snapshot.inputs = {{1, PlayerInput{5, -7, kButtonDash}}};
  sent.snapshot.roster = {{0, "a"}, {1, "b"}};
  const Welcome got = roundTrip(sent);
  EXPECT_EQ(got.playerSlot, 3);
  EXPECT_EQ(got.level.tiles, sent.level.tiles);
  EXPECT_EQ(got.level.spawns.size(), 1u);
  EXPECT_EQ(got.physics.gravity, 42.0f);
  EXPECT_EQ(hashState(got.snapshot.state), hashState(sent.snapshot.state));
  EXPECT_EQ(got.snapshot.inputs, sent.snapshot.inputs);
  EXPECT_EQ(got.snapshot.roster, sent.snapshot.roster);
}

TEST(Codec, RefusalAndGoodbyeRoundTrip) {
  EXPECT_EQ(roundTrip(Refusal{1, "protocol version 2 is not 1"}).reason,
            "protocol version 2 is not 1");
  EXPECT_EQ(roundTrip(Goodbye{"server shutting down"}).reason, "server shutting down");
}

TEST(Codec, InputBatchRoundTripsAndIsRunLengthCoded) {
  std::vector<PlayerInput> inputs;
  for (int i = 0; i < 12; ++i) {
    inputs.push_back(PlayerInput{static_cast<std::int8_t>(i < 8 ? 127 : -127), 0,
                                 static_cast<std::uint8_t>(i < 10 ? kButtonJump : 0)});
  }
  const InputBatch sent = InputBatch::make(70000, 70005, inputs);
  const InputBatch got = roundTrip(sent);
  EXPECT_EQ(got.firstTick(70001), 70005u);
  EXPECT_EQ(got.confirmedTick(70001), 70000u);
  EXPECT_EQ(got.inputs, inputs);
  // type, 2 tick bytes, ack offset, run count, then 3 runs of 3 bytes.
  EXPECT_EQ(encode(Message{sent}).size(), 1u + 2u + 1u + 1u + 3u * 3u);
}

// Every button, the respawn and restart ones too, survives the packing; a run stops at 8 inputs.
TEST(Codec, InputRunsCarryFiveButtonsAndAtMostEightInputs) {
  std::vector<PlayerInput> inputs(20, PlayerInput{-5, 7, kAllButtons});
  inputs.push_back(PlayerInput{0, 0, kButtonRespawn});
  inputs.push_back(PlayerInput{0, 0, kButtonRestart});
  const InputBatch sent = InputBatch::make(10, 10, inputs);
  EXPECT_EQ(roundTrip(sent).inputs, inputs);
  EXPECT_EQ(InputRun::encode(inputs).size(), 5u) << "8 + 8 + 4 + 1 + 1";
  EXPECT_EQ(InputRun::encode(inputs).front().length, 8);
  EXPECT_EQ(kAllButtons, 0x1f);
}

TEST(Codec, InputBatchTickExpandsNextToTheServerTickAcrossWraps) {
  EXPECT_EQ(InputBatch::make(65530, 65534, {}).firstTick(65540), 65534u);
  EXPECT_EQ(InputBatch::make(65540, 65545, {}).firstTick(65530), 65545u);
  EXPECT_EQ(InputBatch::make(0, 3, {}).firstTick(1), 3u);
  EXPECT_EQ(InputBatch::make(131000, 131080, {}).firstTick(131072), 131080u);
}

TEST(Codec, ServerFramesRoundTrip) {
  ServerFrames sent;
  sent.serverTick = 500;
  sent.inputAckAhead = 4;
  sent.inputMargin = -3;
  sent.frames.push_back(TickFrame{
      {RosterEvent{RosterEvent::kJoin, 4, "road"}}, {{4, PlayerInput{1, 2, 3}}}, 0x12345678u});
  sent.frames.push_back(TickFrame{{RosterEvent{RosterEvent::kLeave, 2, ""}}, {}, 7});
  sent.frames.push_back(TickFrame{{RosterEvent::limits(24, 32)}, {}, 8});  // governor level 3
  TickFrame crowded;
  for (int slot = 0; slot < 40; ++slot) {
    crowded.changedInputs.push_back({static_cast<std::uint8_t>(slot), PlayerInput{1, 1, 1}});
  }
  sent.frames.push_back(crowded);
  const ServerFrames got = roundTrip(sent);
  EXPECT_EQ(got.serverTick, 500u);
  EXPECT_EQ(got.baseTick(), 496u);
  EXPECT_EQ(got.inputAck(), 504u);
  EXPECT_EQ(got.inputMargin, -3);
  EXPECT_EQ(got.frames, sent.frames);
}

TEST(Codec, ActivityLimitsOutOfRangeAreRefusedByName) {
  for (const RosterEvent& event :
       {RosterEvent::limits(1001, 5), RosterEvent::limits(10, kMaxCrates + 1)}) {
    ServerFrames sent;
    sent.serverTick = 10;
    sent.frames.push_back(TickFrame{{event}, {}, 1});
    std::string error;
    try {
      encode(Message{sent});
    } catch (const WireError& refused) {
      error = refused.what();
    }
    EXPECT_THAT(error, ::testing::HasSubstr("limits")) << event.radius;
  }
}

// The server's fast path (header + frames encoded once per tick) gives the encoder's bytes.
TEST(Codec, ServerFramesAssembledFromPreEncodedFramesEqualTheEncodersBytes) {
  ServerFrames sent;
  sent.serverTick = 0x01020304;
  sent.sequence = 251;
  sent.inputAckAhead = 200;
  sent.inputMargin = -100;
  sent.inputLoss = 37;
  sent.frames.push_back(TickFrame{
      {RosterEvent{RosterEvent::kJoin, 9, "nine"}}, {{9, PlayerInput{-5, 7, 1}}}, 0xDEADBEEFu});
  sent.frames.push_back(TickFrame{{}, {}, 42});
  TickFrame crowded;
  for (int slot = 0; slot < 40; ++slot) {
    crowded.changedInputs.push_back({static_cast<std::uint8_t>(slot), PlayerInput{1, 0, 2}});
  }
  sent.frames.push_back(crowded);
  std::vector<std::uint8_t> assembled(kServerFramesHeaderSize);
  writeServerFramesHeader(assembled.data(), sent, sent.frames.size());
  for (const TickFrame& frame : sent.frames) {
    const std::vector<std::uint8_t> bytes = encodeTickFrame(frame);
    assembled.insert(assembled.end(), bytes.begin(), bytes.end());
  }
  EXPECT_EQ(assembled, encode(Message{sent}));
  EXPECT_THROW(writeServerFramesHeader(assembled.data(), sent, kMaxFramesPerMessage + 1),
               WireError);
  sent.inputLoss = ServerFrames::kMaxInputLoss + 1;
  EXPECT_THROW(writeServerFramesHeader(assembled.data(), sent, 1), WireError);
}

TEST(Codec, FullStateDesyncAndClientReportRoundTrip) {
  FullState full;
  full.snapshot.state = sampleState();
  EXPECT_EQ(hashState(roundTrip(full).snapshot.state), hashState(full.snapshot.state));
  const DesyncReport report = roundTrip(DesyncReport{77, 0xABCDull});
  EXPECT_EQ(report.tick, 77u);
  EXPECT_EQ(report.clientHash, 0xABCDull);
  const ClientReport stats = roundTrip(ClientReport{5, 3, 1, 2});
  EXPECT_EQ(stats.rollbacks, 5u);
  EXPECT_EQ(stats.maxRollbackDepth, 3u);
}

std::string decodeError(std::vector<std::uint8_t> bytes) {
  std::string error;
  EXPECT_FALSE(decode(bytes, error).has_value());
  return error;
}

TEST(Codec, RejectsUnknownTypeTruncationAndTrailingBytes) {
  EXPECT_NE(decodeError({0xEE, 1, 2, 3}).find("unknown message type"), std::string::npos);
  std::vector<std::uint8_t> hello = encode(Message{Hello{kProtocolVersion, "abc", {}, false, 0}});
  std::vector<std::uint8_t> truncated(hello.begin(), hello.end() - 2);
  EXPECT_FALSE(decodeError(truncated).empty());
  hello.push_back(0);
  EXPECT_NE(decodeError(hello).find("trailing"), std::string::npos);
  EXPECT_FALSE(decodeError({}).empty());
}

TEST(Codec, RejectsCountsBeyondTheirCapsBeforeAllocating) {
  // A Hello whose name length claims 60000 bytes.
  std::vector<std::uint8_t> bytes = {Hello::kType, 1, 0, 0x60, 0xEA};
  EXPECT_NE(decodeError(bytes).find("name count 60000 exceeds 32"), std::string::npos);
  // A level claiming 4096 × 4096 tiles.
  Welcome welcome;
  welcome.level = toLevelData(levelFromAscii("S\n#\n"));
  std::vector<std::uint8_t> encoded = encode(Message{welcome});
  const std::size_t levelOffset = 1 + 2 + 2 + 16 + 2 + 4;
  encoded[levelOffset + 2] = 0x10;  // width = 1 + 16 << 16: far beyond the cap
  EXPECT_NE(decodeError(encoded).find("level size out of range"), std::string::npos);
}

TEST(Codec, RandomBytesNeverCrash) {
  std::mt19937 random(5);
  int rejected = 0;
  for (int i = 0; i < 20000; ++i) {
    std::vector<std::uint8_t> bytes(1 + random() % 64);
    for (auto& byte : bytes) {
      byte = static_cast<std::uint8_t>(random());
    }
    bytes[0] = static_cast<std::uint8_t>(1 + random() % 9);
    std::string error;
    if (!decode(bytes, error)) {
      ASSERT_FALSE(error.empty());
      ++rejected;
    }
  }
  EXPECT_GT(rejected, 19000);
}

}  // namespace
}  // namespace coyote::net

namespace coyote::net {
namespace {

TEST(Codec, RaceBoardRoundTripsAndRefusesWhatItCannotCarry) {
  RaceBoard board;
  board.top = {{"ada", 30'000'000}, {"'); DROP TABLE bests;--", 30'000'001}};
  board.recordSplitsUs = {10'000'000, 20'000'000};
  board.bestUs = 30'000'001;
  board.bestRank = 2;
  board.bestSplitsUs = {10'000'500};
  const RaceBoard back = roundTrip(board);
  ASSERT_EQ(back.top.size(), 2u);
  EXPECT_EQ(back.top[1].player, "'); DROP TABLE bests;--");
  EXPECT_EQ(back.recordSplitsUs, board.recordSplitsUs);
  EXPECT_EQ(back.bestRank, 2);
  for (const auto& [bad, field] : {std::pair{[] {
                                               RaceBoard b;
                                               b.top.assign(RaceBoard::kMaxRows + 1, {"x", 1});
                                               return b;
                                             }(),
                                             "board row"},
                                   std::pair{[] {
                                               RaceBoard b;
                                               b.top = {{"x", 0}};
                                               return b;
                                             }(),
                                             "time"},
                                   std::pair{[] {
                                               RaceBoard b;
                                               b.bestSplitsUs = {-1};
                                               return b;
                                             }(),
                                             "best split"}}) {
    std::string error;
    try {
      encode(Message{bad});
    } catch (const WireError& refused) {
      error = refused.what();
    }
    EXPECT_THAT(error, ::testing::HasSubstr(field));
  }
}

}  // namespace
}  // namespace coyote::net
