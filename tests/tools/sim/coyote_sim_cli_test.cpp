// Runs the real coyote-sim binary, as a user would.
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "io/bounded_file.h"
#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/state_hash.h"
#include "support/bundled_level.h"
#include "support/random_run.h"
#include "support/run_command.h"
#include "support/temp_file.h"

namespace coyote {
// Beside level/json_node.h's own alias, never in the anonymous namespace: a unity batch that
// holds both would have one shadow the other.
using Json = nlohmann::json;

namespace {

using ::testing::HasSubstr;

const std::string kSim = COYOTE_SIM_BINARY;
const std::string kCliArena = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj";

TEST(CoyoteSimCli, RunPrintsTheFinalJsonLine) {
  const test::CommandResult result =
      test::runCommand(kSim + " run --level " + kCliArena + " --players 8 --ticks 600");
  ASSERT_EQ(result.exitCode, 0) << result.output;
  const Json summary = Json::parse(result.lastLine());
  EXPECT_EQ(summary["ticks"], 600);
  EXPECT_EQ(summary["players"], 8);
  EXPECT_GT(summary["ns_per_character_step"].get<double>(), 0.0);
  EXPECT_EQ(std::stoull(summary["hash"].get<std::string>(), nullptr, 16),
            test::randomRunHash(kCliArena, 8, 600, 1));
  // The step's stage timings: every stage there, the characters' a real cost.
  const Json& stages = summary["stage_ns_per_tick"];
  for (const char* stage : {"platforms", "bodies", "characters", "rules"}) {
    ASSERT_TRUE(stages.contains(stage)) << stage;
    EXPECT_GE(stages[stage].get<double>(), 0.0) << stage;
  }
  EXPECT_GT(stages["characters"].get<double>(), 0.0);
  // What happened, counted by kind: 8 random players for 10 s jump, dash and land.
  const Json& events = summary["events"];
  EXPECT_GT(events["jumped"].get<int>(), 0);
  EXPECT_GT(events["landed"].get<int>(), 0);
  EXPECT_GT(events["dashed"].get<int>(), 0);
  EXPECT_EQ(summary["events_dropped"], 0);
}

TEST(CoyoteSimCli, SeedChangesTheRun) {
  const auto hashFor = [](const std::string& seed) {
    return Json::parse(
        test::runCommand(kSim + " run --level " + kCliArena + " --ticks 300 --seed " + seed)
            .lastLine())["hash"];
  };
  EXPECT_NE(hashFor("1"), hashFor("2"));
  EXPECT_EQ(hashFor("5"), hashFor("5"));
}

TEST(CoyoteSimCli, TracePrintsOneObjectPerTickPerPlayer) {
  const test::CommandResult result =
      test::runCommand(kSim + " run --level " + kCliArena + " --players 3 --ticks 10 --trace");
  ASSERT_EQ(result.exitCode, 0) << result.output;
  std::istringstream lines(result.output);
  std::string line;
  int traces = 0;
  while (std::getline(lines, line)) {
    const Json object = Json::parse(line);
    if (object.contains("hash")) {
      continue;
    }
    ++traces;
    for (const char* key : {"tick", "player", "x", "y", "vx", "vy", "grounded", "onSlope",
                            "wallDirection", "dashing", "facing", "airJumpsLeft"}) {
      EXPECT_TRUE(object.contains(key)) << key;
    }
  }
  EXPECT_EQ(traces, 30);
}

// Issue 8: after each tick's players, one line per body, platforms then crates, each by its index
// in the level, with its kind, position and velocity.
TEST(CoyoteSimCli, TraceAlsoPrintsEveryPlatformAndCrateInLevelOrder) {
  const std::string playground = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/playground.tmj";
  const Level level = test::bundledLevel("playground.tmj");
  ASSERT_FALSE(level.platforms.empty());
  ASSERT_FALSE(level.crates.empty());
  constexpr int kTicks = 30;
  const test::CommandResult result =
      test::runCommand(kSim + " run --level " + playground + " --players 1 --ticks " +
                       std::to_string(kTicks) + " --trace");
  ASSERT_EQ(result.exitCode, 0) << result.output;
  std::istringstream lines(result.output);
  std::string line;
  std::vector<Json> bodies;
  while (std::getline(lines, line)) {
    const Json object = Json::parse(line);
    if (object.contains("body")) {
      bodies.push_back(object);
    }
  }
  const std::size_t perTick = level.platforms.size() + level.crates.size();
  ASSERT_EQ(bodies.size(), perTick * kTicks);
  bool aPlatformMoved = false;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Json& body = bodies[i];
    const std::size_t place = i % perTick;
    const bool isPlatform = place < level.platforms.size();
    EXPECT_EQ(body["tick"], i / perTick + 1) << i;
    EXPECT_EQ(body["kind"], isPlatform ? "platform" : "crate") << i;
    EXPECT_EQ(body["body"], isPlatform ? place : place - level.platforms.size()) << i;
    for (const char* key : {"x", "y", "vx", "vy"}) {
      EXPECT_TRUE(body[key].is_number()) << i << " " << key;
    }
    if (isPlatform && i >= perTick) {
      const Json& before = bodies[i - perTick];
      aPlatformMoved = aPlatformMoved || body["x"] != before["x"] || body["y"] != before["y"];
    }
  }
  EXPECT_TRUE(aPlatformMoved);
}

TEST(CoyoteSimCli, ScriptedInputsMoveThePlayer) {
  test::TempDirectory directory;
  std::string script;
  for (int tick = 0; tick < 40; ++tick) {
    script += "127 0 -; -127 0 -\n";
  }
  const std::string file = directory.write("inputs.txt", script);
  const test::CommandResult result =
      test::runCommand(kSim + " run --level " + kCliArena + " --inputs " + file + " --trace");
  ASSERT_EQ(result.exitCode, 0) << result.output;
  const Json summary = Json::parse(result.lastLine());
  EXPECT_EQ(summary["players"], 2);
  EXPECT_EQ(summary["ticks"], 40);
  std::istringstream lines(result.output);
  std::string first;
  std::getline(lines, first);
  std::string line;
  Json lastOfPlayer0;
  while (std::getline(lines, line)) {
    const Json object = Json::parse(line);
    if (object.contains("player") && object["player"] == 0) {
      lastOfPlayer0 = object;
    }
  }
  EXPECT_GT(lastOfPlayer0["x"].get<double>(), Json::parse(first)["x"].get<double>() + 2.0);
}

struct BadRun {
  const char* arguments;
  const char* message;
};

TEST(CoyoteSimCli, BadArgumentsAndFilesExitWithCode2AndOneLine) {
  test::TempDirectory directory;
  const std::string badConfig = directory.write("bad.toml", "[physics]\ngravity = -1\n");
  const std::string badLevel = directory.write("bad.tmj", "{\"width\": 3");
  const std::string badInputs = directory.write("bad.txt", "0 0 teleport\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"run", "--level is required"},
      {"run --level /nonexistent.tmj", "cannot open file"},
      {"run --level " + kCliArena + " --players 0", "--players must be in [1, 256]"},
      {"run --level " + kCliArena + " --players many", "--players"},
      {"run --level " + kCliArena + " --config " + badConfig, "physics.gravity"},
      {"run --level " + badLevel, "invalid JSON"},
      {"run --level " + kCliArena + " --inputs " + badInputs, "unknown button"},
      {"run --level " + kCliArena + " --frobnicate", "frobnicate"},
  };
  for (const auto& [arguments, message] : cases) {
    const test::CommandResult result = test::runCommand(kSim + " " + arguments);
    EXPECT_EQ(result.exitCode, 2) << arguments;
    EXPECT_THAT(result.output, HasSubstr(message)) << arguments;
    EXPECT_THAT(result.output, HasSubstr("coyote-sim: error:")) << arguments;
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
  }
}

}  // namespace
}  // namespace coyote

namespace coyote {
namespace {

// A run recorded by a server (a racer bot's, through the link conditioner, in a room of four)
// replays alone on the bundled race to the time the server measured; on another level, or with
// a byte changed, it is refused with the reason.
TEST(CoyoteSimCli, VerifyRunReplaysARecordedRaceRunToItsTime) {
  const std::string run = std::string(COYOTE_SOURCE_DIR) + "/tests/data/coyote-cup.run";
  const std::string race = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/race.tmj";
  const auto ok = test::runCommand(kSim + " verify-run --level " + race + " " + run);
  EXPECT_EQ(ok.exitCode, 0) << ok.output;
  EXPECT_THAT(ok.output, ::testing::HasSubstr("replays to 43530.533 ms, as recorded"));
  const auto other = test::runCommand(kSim + " verify-run --level " + kCliArena + " " + run);
  EXPECT_EQ(other.exitCode, 1) << other.output;
  EXPECT_THAT(other.output, ::testing::HasSubstr("FAIL: the run is of course"));
  test::TempDirectory directory;
  std::string bytes = readBoundedFile(run, 1 << 20);
  bytes[bytes.size() / 2] ^= 1;
  const std::string damaged = directory.write("damaged.run", bytes);
  const auto refused = test::runCommand(kSim + " verify-run --level " + race + " " + damaged);
  EXPECT_EQ(refused.exitCode, 2) << refused.output;
  EXPECT_THAT(refused.output, ::testing::HasSubstr("damaged.run: checksum mismatch"));
}

// The level walk from the shell (docs/levels.md#the-level-walk): a bundled level passes; the
// arena with its old rounded mound back fails, naming the tile and where the walker stopped.
TEST(CoyoteSimCli, WalkPassesABundledLevelAndNamesEachBumpThatStopsAWalker) {
  const auto ok = test::runCommand(kSim + " walk --level " + kCliArena);
  EXPECT_EQ(ok.exitCode, 0) << ok.output;
  EXPECT_THAT(ok.output, ::testing::HasSubstr("OK: arena"));
  EXPECT_THAT(ok.output, ::testing::HasSubstr("0 at no wall by design"));

  test::TempDirectory directory;
  const std::string levels = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/";
  directory.write("coyote.tsj", readBoundedFile(levels + "coyote.tsj", 1 << 20));
  nlohmann::json arena = nlohmann::json::parse(readBoundedFile(kCliArena, 1 << 20));
  for (nlohmann::json& layer : arena["layers"]) {
    if (layer["name"] == "collision") {
      layer["data"][21 * 48 + 15] = 5;  // rounded up-right: its vertical foot faces the spawn
    }
  }
  const std::string bumpy = directory.write("bumpy.tmj", arena.dump());
  const auto bad = test::runCommand(kSim + " walk --level " + bumpy + " --materials " +
                                    COYOTE_SOURCE_DIR + "/configs/materials.toml");
  EXPECT_EQ(bad.exitCode, 1) << bad.output;
  EXPECT_THAT(bad.output, ::testing::HasSubstr("stop: walking right"));
  EXPECT_THAT(bad.output, ::testing::HasSubstr("rounded_up_right tile at column 15, row 21"));
  EXPECT_THAT(bad.output, ::testing::HasSubstr("FAIL: bumpy"));
}

}  // namespace
}  // namespace coyote
