// Finished runs and their records (docs/hosting.md#records): a run's stored inputs, replayed
// alone from the stored world, give the server's time to the bit.
#include "server/records/run_tracker.h"

#include <fmt/format.h>

#include <memory>

#include <gtest/gtest.h>

#include "io/config_error.h"
#include "support/scenario.h"

namespace coyote {
namespace {

using test::input;
using test::kRight;

/// kHall with a race: the start around the spawn (x 1–3), a checkpoint, the finish at x 20–21.
void addRace(test::Scenario& scenario) {
  scenario.level.race = {true, Aabb{{1.0f, 5.0f}, {2.0f, 2.0f}}, Aabb{{20.0f, 5.0f}, {1.0f, 2.0f}},
                         1, "hall"};
  CheckpointDefinition checkpoint{{10.0f, 5.0f}, {1.0f, 2.0f}};
  checkpoint.order = 1;
  scenario.level.checkpoints.push_back(checkpoint);
}

/// Runs the scenario through a RunTracker with two players (slot 1 idles where it spawned)
/// until a run finishes; `pattern` chooses slot 0's input each tick.
std::vector<FinishedRun> race(
    test::Scenario& scenario, const std::function<PlayerInput(int)>& pattern,
    const std::function<void(int, const RunTracker&)>& watch = [](int, const RunTracker&) {}) {
  scenario.state = makeWorld(2, scenario.level, scenario.config);
  RunTracker tracker(scenario.level, scenario.config);
  const auto batch = std::make_unique<EventBatch>();
  std::vector<FinishedRun> finished;
  for (int tick = 0; tick < 600 && finished.empty(); ++tick) {
    TickInputs inputs{};
    inputs[0] = pattern(tick);
    const WorldState before = scenario.state;
    stepWorld(scenario.state, inputs, scenario.level, scenario.parameters, nullptr, batch.get());
    tracker.observe(
        *batch, inputs, scenario.state,
        [&before] {
          return net::Snapshot{before, {}, {{0, "ada"}, {1, "bob"}}};
        },
        [](int slot) {
          return RunTracker::Runner{slot == 0 ? "ada" : "bob",
                                    std::string(32, slot == 0 ? 'a' : 'b')};
        },
        finished);
    watch(tick, tracker);
  }
  return finished;
}

TEST(RunTracker, AFinishedRunCarriesItsTimeSplitsAndARecordThatReplaysToTheBit) {
  test::Scenario scenario(test::kHall);
  addRace(scenario);
  // Hops now and then, so that the inputs are not one span.
  const auto finished =
      race(scenario, [](int tick) { return input(kRight, 0, tick % 40 < 5 ? kButtonJump : 0); });
  ASSERT_EQ(finished.size(), 1u);
  const FinishedRun& run = finished[0];
  EXPECT_EQ(run.player, "ada");
  EXPECT_EQ(run.level, scenario.level.name);
  EXPECT_EQ(run.race, "hall");
  ASSERT_EQ(run.splitsUs.size(), 1u);
  EXPECT_GT(run.splitsUs[0], 0);
  EXPECT_LT(run.splitsUs[0], run.timeUs);
  EXPECT_GT(run.timeUs, 1'500'000);  // 17 tiles at 9 tiles/s at most
  const RunRecord record = decodeRunRecord(run.record, "the record");
  EXPECT_GT(record.inputs.size(), 5u);
  EXPECT_EQ(record.runnerKey, std::string(32, 'a')) << "the record names its runner's key";
  EXPECT_EQ(run.fingerprint, std::string(32, 'a'));
  EXPECT_EQ(record.start.roster.size(), 1u) << "the runner alone";
  EXPECT_FALSE(record.start.state.characters[1].active);
  EXPECT_EQ(raceMicros(record.ticks, record.fraction, 60), run.timeUs);
  const RunReplay replay = replayRun(record, scenario.level);
  EXPECT_TRUE(replay.matches(record))
      << replay.finished << " " << replay.ticks << "+" << replay.fraction << " vs " << record.ticks
      << "+" << record.fraction;
  EXPECT_EQ(record.course, courseHash(net::toLevelData(scenario.level), scenario.config));
  std::cout << "[ figure ] stored run of " << run.timeUs / 1000 << " ms: " << run.record.size()
            << " bytes\n";
  EXPECT_LT(run.record.size(), 8192u);
}

// Restart (docs/simulation.md#races): the run followed so far is dropped at once, and the run
// after it, from the start again, is the one stored: its time as long as a run with no restart,
// its record replaying to the bit from the world the fresh run began in.
TEST(RunTracker, ARestartDropsTheRunAndTheFreshOneIsStored) {
  test::Scenario plain(test::kHall);
  addRace(plain);
  const auto straight = race(plain, [](int) { return input(kRight); });
  ASSERT_EQ(straight.size(), 1u);
  test::Scenario scenario(test::kHall);
  addRace(scenario);
  constexpr int kRestartTick = 90;  // past the checkpoint, on the way to the finish
  std::size_t runningBefore = 0;
  std::size_t runningAfter = 0;
  const auto finished = race(
      scenario,
      [](int tick) { return input(kRight, 0, tick == kRestartTick ? kButtonRestart : 0); },
      [&](int tick, const RunTracker& tracker) {
        runningBefore = tick == kRestartTick - 1 ? tracker.running() : runningBefore;
        runningAfter = tick == kRestartTick ? tracker.running() : runningAfter;
      });
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(runningBefore, 1u);
  EXPECT_EQ(runningAfter, 0u) << "the restarted run is dropped";
  EXPECT_NEAR(static_cast<double>(finished[0].timeUs), static_cast<double>(straight[0].timeUs),
              1e6 / 60.0);
  EXPECT_EQ(finished[0].splitsUs.size(), 1u);
  const RunRecord record = decodeRunRecord(finished[0].record, "the record");
  for (const InputSpan& span : record.inputs) {
    EXPECT_FALSE(span.input.held(kButtonRestart)) << "the record begins after the restart";
  }
  EXPECT_TRUE(replayRun(record, scenario.level).matches(record));
}

// Recording version 13 named the runner's key; a record of 12, made before keys, is still read
// (without one) and still replays to the bit; an older one is refused with the versions read.
TEST(RunTracker, ARecordOfVersionTwelveIsStillReadWithoutItsRunnersKey) {
  test::Scenario scenario(test::kHall);
  addRace(scenario);
  const auto finished = race(scenario, [](int) { return input(kRight); });
  ASSERT_EQ(finished.size(), 1u);
  RunRecord old = decodeRunRecord(finished[0].record, "the record");
  EXPECT_EQ(old.recordingVersion, net::kRecordingVersion);
  old.recordingVersion = 12;
  old.runnerKey = std::string(32, 'a');  // not written at 12
  const RunRecord read = decodeRunRecord(encodeRunRecord(old), "old.run");
  EXPECT_EQ(read.recordingVersion, 12);
  EXPECT_EQ(read.runnerKey, "");
  EXPECT_TRUE(replayRun(read, scenario.level).matches(read));
  old.recordingVersion = 11;
  try {
    decodeRunRecord(encodeRunRecord(old), "older.run");
    ADD_FAILURE() << "a record of version 11 was read";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what())
                  .find(fmt::format("this build reads 12 to {}", net::kRecordingVersion)),
              std::string::npos)
        << error.what();
  }
}

TEST(RunTracker, ARecordWithOtherInputsDoesNotReplayToItsTime) {
  test::Scenario scenario(test::kHall);
  addRace(scenario);
  const auto finished = race(scenario, [](int) { return input(kRight); });
  ASSERT_EQ(finished.size(), 1u);
  RunRecord record = decodeRunRecord(finished[0].record, "the record");
  ASSERT_TRUE(replayRun(record, scenario.level).matches(record));
  ASSERT_EQ(record.inputs.size(), 1u);
  const std::uint16_t ticks = record.inputs[0].ticks;
  record.inputs = {{input(kRight), 10}, {input(0), 3}, {input(kRight), ticks}};  // a pause
  EXPECT_FALSE(replayRun(record, scenario.level).matches(record));
}

TEST(RunTracker, ADamagedRecordIsRefusedWithWhatIsWrong) {
  test::Scenario scenario(test::kHall);
  addRace(scenario);
  const auto finished = race(scenario, [](int) { return input(kRight); });
  ASSERT_EQ(finished.size(), 1u);
  std::string bytes = finished[0].record;
  bytes[bytes.size() / 2] ^= 0x10;
  EXPECT_THROW(
      {
        try {
          decodeRunRecord(bytes, "runs/ada.run");
        } catch (const ConfigError& error) {
          EXPECT_STREQ(error.what(), "runs/ada.run: checksum mismatch");
          throw;
        }
      },
      ConfigError);
  EXPECT_THROW(decodeRunRecord("COYOTERN", "short"), ConfigError);
  EXPECT_THROW(decodeRunRecord(finished[0].record + "x", "long"), ConfigError);
}

TEST(RunTracker, LeavingEndsTheRun) {
  test::Scenario scenario(test::kHall);
  addRace(scenario);
  scenario.state = makeWorld(1, scenario.level, scenario.config);
  RunTracker tracker(scenario.level, scenario.config);
  const auto batch = std::make_unique<EventBatch>();
  std::vector<FinishedRun> finished;
  TickInputs inputs{};
  inputs[0] = input(kRight);
  for (int tick = 0; tick < 30; ++tick) {
    const WorldState before = scenario.state;
    stepWorld(scenario.state, inputs, scenario.level, scenario.parameters, nullptr, batch.get());
    tracker.observe(
        *batch, inputs, scenario.state,
        [&before] {
          return net::Snapshot{before, {}, {}};
        },
        [](int) {
          return RunTracker::Runner{"ada", ""};
        },
        finished);
  }
  EXPECT_EQ(tracker.running(), 1u);
  tracker.forget(0);
  EXPECT_EQ(tracker.running(), 0u);
}

}  // namespace
}  // namespace coyote
