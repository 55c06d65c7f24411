#include "replay/replay_file.h"

#include <fstream>
#include <iterator>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "match/authoritative_tick.h"
#include "scenario/random_inputs.h"
#include "sim/state_hash.h"
#include "support/network.h"
#include "support/refusal.h"
#include "support/run_command.h"
#include "support/temp_file.h"
#include "version/build_version.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

// A session recorded by a real server with two real clients playing random inputs.
Replay recordSession(const std::string& file) {
  ServerConfig config = test::testServerConfig();
  config.record = file;
  {
    test::LoopbackMatch match(config);
    ClientSession a(test::clientOptions(match.port(), "a"), test::quietLogger());
    ClientSession b(test::clientOptions(match.port(), "b"), test::quietLogger());
    std::vector<RandomInputs> sources{RandomInputs(1), RandomInputs(2)};
    TickInputs buffer{};
    match.pumpFor({&a, &b}, 3.0, [&](std::size_t client, std::uint32_t) {
      sources[client].next(buffer, 1);
      return buffer[0];
    });
    match.stop();
  }
  return readReplay(file);
}

TEST(ReplayVerify, ARecordedSessionVerifies) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "session.rpl").string();
  const Replay replay = recordSession(file);
  EXPECT_GT(replay.ticks.size(), 120u);
  const ReplayVerification result = verifyReplay(replay);
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.ticksVerified, replay.ticks.size());

  const test::CommandResult command =
      test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify " + file);
  EXPECT_EQ(command.exitCode, 0) << command.output;
  EXPECT_THAT(command.output, HasSubstr(fmt::format("OK: {} ticks verified", replay.ticks.size())));
  EXPECT_THAT(command.output, HasSubstr("player a (slot 0): "));
  EXPECT_THAT(command.output, HasSubstr("player b (slot 1): "));
}

// A replay recorded at version 12 (before player keys; its encoding is 14's) is still read and
// verified; one of 11 is refused with the versions this build reads.
TEST(ReplayVerify, AReplayOfRecordingVersionTwelveIsStillRead) {
  test::TempDirectory directory;
  Replay replay = recordSession((directory.path() / "session.rpl").string());
  replay.header.recordingVersion = 12;
  const std::string old = (directory.path() / "old.rpl").string();
  writeReplay(old, replay);
  const Replay read = readReplay(old);
  EXPECT_EQ(read.header.recordingVersion, 12);
  EXPECT_TRUE(verifyReplay(read).ok);
  replay.header.recordingVersion = 11;
  writeReplay(old, replay);
  EXPECT_THAT(test::refusalOf([&] { readReplay(old); }),
              HasSubstr(fmt::format("reads 12 to {}", net::kRecordingVersion)));
}

// docs/hosting.md#upgrading: a replay names the version that wrote it, and one this build cannot
// read says which version plays it.
TEST(ReplayVerify, AReplayNamesTheVersionThatWroteItAndWhichPlaysIt) {
  test::TempDirectory directory;
  Replay replay = recordSession((directory.path() / "session.rpl").string());
  EXPECT_EQ(replay.header.writtenBy, buildVersion()) << "the server names itself";
  replay.header.recordingVersion = net::kRecordingVersion + 1;
  replay.header.writtenBy = "9.9.9+git.1.abcdef0";
  const std::string newer = (directory.path() / "newer.rpl").string();
  writeReplay(newer, replay);
  const std::string refusal = test::refusalOf([&] { readReplay(newer); });
  EXPECT_THAT(refusal, HasSubstr("recorded by coyote 9.9.9+git.1.abcdef0"));
  EXPECT_THAT(refusal, HasSubstr(": coyote 9.9.9+git.1.abcdef0 plays it"));
  EXPECT_THAT(refusal, HasSubstr(fmt::format("this build ({})", buildVersion())));
}

TEST(ReplayVerify, AReplayWithOneAlteredInputFailsAtThatTick) {
  test::TempDirectory directory;
  Replay replay = recordSession((directory.path() / "session.rpl").string());
  // Alter a held input in the middle of the session into a jump-and-dash to the left.
  std::size_t index = replay.ticks.size() / 2;
  while (index < replay.ticks.size() && replay.ticks[index].inputs.empty()) {
    ++index;
  }
  ASSERT_LT(index, replay.ticks.size());
  PlayerInput& input = replay.ticks[index].inputs[0].input;
  input = PlayerInput{static_cast<std::int8_t>(input.moveX == -127 ? 127 : -127), 0,
                      kButtonJump | kButtonDash};
  const std::string altered = (directory.path() / "altered.rpl").string();
  writeReplay(altered, replay);

  const ReplayVerification result = verifyReplay(readReplay(altered));
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.firstBadTick, replay.ticks[index].tick);

  const test::CommandResult command =
      test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify " + altered);
  EXPECT_EQ(command.exitCode, 1);
  EXPECT_THAT(command.output, HasSubstr(fmt::format("FAIL: tick {}", replay.ticks[index].tick)));
}

TEST(ReplayVerify, NotAReplayIsRefusedWithExitCode2) {
  test::TempDirectory directory;
  const std::string file = directory.write("junk.rpl", "this is not a replay");
  const test::CommandResult command =
      test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify " + file);
  EXPECT_EQ(command.exitCode, 2);
  EXPECT_THAT(command.output, HasSubstr("not a Coyote replay"));
}

std::string readAll(const std::string& file) {
  std::ifstream stream(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
}

void writeAll(const std::string& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

/// A short recorded replay's bytes.
std::string shortReplayBytes(const test::TempDirectory& directory) {
  Replay replay = recordSession((directory.path() / "full.rpl").string());
  replay.ticks.resize(12);
  const std::string file = (directory.path() / "short.rpl").string();
  writeReplay(file, replay);
  return readAll(file);
}

TEST(ReplayVerify, EveryFlippedByteIsDetectedAndNamed) {
  test::TempDirectory directory;
  const std::string original = shortReplayBytes(directory);
  const std::string file = (directory.path() / "flipped.rpl").string();
  int detected = 0;
  for (std::size_t at = 0; at < original.size(); ++at) {
    std::string bytes = original;
    bytes[at] = static_cast<char>(bytes[at] ^ (1 << (at % 8)));
    writeAll(file, bytes);
    const std::string refusal = test::refusalOf([&] { readReplay(file); });
    EXPECT_NE(refusal, "accepted") << "byte " << at;
    if (at >= 8) {
      EXPECT_THAT(refusal, ::testing::ContainsRegex("record [0-9]+ at byte [0-9]+")) << at;
    }
    detected += refusal != "accepted" ? 1 : 0;
  }
  EXPECT_EQ(detected, static_cast<int>(original.size()));
}

TEST(ReplayVerify, AReplayCutShortVerifiesItsCompleteTicksAndSaysSo) {
  test::TempDirectory directory;
  const std::string original = shortReplayBytes(directory);
  const std::string file = (directory.path() / "cut.rpl").string();
  writeAll(file, original);
  const Replay whole = readReplay(file);
  ASSERT_EQ(whole.ticks.size(), 12u);
  EXPECT_FALSE(whole.truncated);
  // Cut inside the last record (its frame, payload or checksum): 11 complete ticks remain.
  for (std::size_t cut = 1; cut < 30; ++cut) {
    writeAll(file, original.substr(0, original.size() - cut));
    const Replay replay = readReplay(file);
    EXPECT_TRUE(replay.truncated) << cut;
    EXPECT_EQ(replay.ticks.size(), 11u) << cut;
    EXPECT_TRUE(verifyReplay(replay).ok);
  }
  const test::CommandResult command =
      test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify " + file);
  EXPECT_EQ(command.exitCode, 0) << command.output;
  EXPECT_THAT(command.output, HasSubstr("OK: 11 ticks verified"));
  EXPECT_THAT(command.output, HasSubstr("the file is truncated"));
}

}  // namespace
}  // namespace coyote
