// SFML Audio for real, on OpenAL Soft's null device (no speakers, but a real context, sources
// and buffers), and with no device at all. OpenAL opens its device once per process, so each
// case runs in a fresh process of its own (a death test in gtest's "threadsafe" style re-runs
// the binary), whatever ran before it.
#include "client/audio/audio_output.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>

#include <cstdlib>
#include <sstream>

namespace coyote {
namespace {

struct Logged {
  std::ostringstream lines;
  std::shared_ptr<spdlog::logger> logger = std::make_shared<spdlog::logger>(
      "audio", std::make_shared<spdlog::sinks::ostream_sink_st>(lines));
};

SoundCommand play(std::uint32_t tick, SoundId sound, Vec2 position) {
  return {SoundCommand::Action::Play,
          {tick, kCharacterIdBase, EventKind::Jumped},
          sound,
          position,
          1.0f};
}

/// Runs `check` in a new process with ALSOFT_DRIVERS set to `drivers`; it passes if no
/// expectation failed there.
template <typename Check>
void inFreshProcess(const char* drivers, Check check) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("ALSOFT_DRIVERS", drivers, 1);
        check();
        // _Exit: OpenAL's own threads and allocations at exit are not this test's to report
        // (LeakSanitizer's check runs from exit()).
        std::_Exit(::testing::Test::HasFailure() ? 1 : 0);
      },
      ::testing::ExitedWithCode(0), "");
}

void playsAndStops() {
  Logged log;
  AudioOutput audio(log.logger);
  ASSERT_TRUE(audio.available()) << log.lines.str();
  audio.setVolumes({80, 100});
  const Listener listener{{10.0f, 7.5f}};
  audio.apply({play(1, SoundId::Jump, {10.0f, 7.5f}), play(2, SoundId::Land, {15.0f, 7.5f})},
              listener);
  EXPECT_EQ(audio.started(), 2u);
  audio.apply({play(3, SoundId::Dash, {200.0f, 7.5f})}, listener);  // far out of earshot
  EXPECT_EQ(audio.started(), 2u);
  audio.setVolumes({80, 0});  // effects muted: no voice spent
  audio.apply({play(4, SoundId::Jump, {10.0f, 7.5f})}, listener);
  EXPECT_EQ(audio.started(), 2u);
  audio.setVolumes({80, 100});
  for (std::uint32_t tick = 10; tick < 10 + 2 * AudioOutput::kVoices; ++tick) {
    audio.apply({play(tick, SoundId::Checkpoint, {10.0f, 7.5f})}, listener);  // more than voices
  }
  EXPECT_EQ(audio.started(), 2u + 2 * AudioOutput::kVoices);
  SoundCommand stop = play(10 + 2 * AudioOutput::kVoices - 1, SoundId::Checkpoint, {});
  stop.action = SoundCommand::Action::Stop;
  audio.apply({stop}, listener);
  EXPECT_NE(log.lines.str().find("12 sounds synthesised"), std::string::npos) << log.lines.str();
}

void playsNothingWithoutADevice() {
  Logged log;
  AudioOutput audio(log.logger);
  EXPECT_FALSE(audio.available());
  audio.setVolumes({80, 100});
  audio.apply({play(1, SoundId::Jump, {10.0f, 7.5f})}, Listener{{10.0f, 7.5f}});
  EXPECT_EQ(audio.started(), 0u);
  const std::string said = log.lines.str();
  const std::size_t first = said.find("no audio device");
  ASSERT_NE(first, std::string::npos) << said;
  EXPECT_EQ(said.find("no audio device", first + 1), std::string::npos) << said;
}

TEST(AudioOutput, PlaysAndStopsOnOpenAlsNullDevice) {
  inFreshProcess("null", playsAndStops);
}

TEST(AudioOutput, WithoutADeviceSaysSoOnceAndPlaysNothing) {
  inFreshProcess("no_such_driver", playsNothingWithoutADevice);
}

TEST(AudioOutput, ASoundIsPannedAcrossTheViewAndFadesBeyondIt) {
  const Listener listener{{20.0f, 10.0f}};
  EXPECT_FLOAT_EQ(placeSound({20.0f, 10.0f}, listener).pan, 0.0f);
  EXPECT_FLOAT_EQ(placeSound({20.0f, 10.0f}, listener).gain, 1.0f);
  EXPECT_FLOAT_EQ(placeSound({15.0f, 10.0f}, listener).pan, -0.5f);
  EXPECT_FLOAT_EQ(placeSound({30.0f, 10.0f}, listener).pan, 1.0f);   // the right edge
  EXPECT_FLOAT_EQ(placeSound({30.0f, 10.0f}, listener).gain, 1.0f);  // still on screen
  EXPECT_FLOAT_EQ(placeSound({42.0f, 10.0f}, listener).gain, 0.5f);  // 12 tiles beyond
  EXPECT_FLOAT_EQ(placeSound({-100.0f, 10.0f}, listener).gain, 0.0f);
  EXPECT_FLOAT_EQ(placeSound({-100.0f, 10.0f}, listener).pan, -1.0f);
  EXPECT_LT(placeSound({20.0f, 40.0f}, listener).gain, 0.1f);  // far below
}

}  // namespace
}  // namespace coyote
