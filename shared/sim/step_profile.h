#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace coyote {

/// The stages of one world step (docs/simulation.md#step-profile; the idea of Box2D's b2Profile:
/// the step as a short list of named, timed phases).
enum class StepStage : std::uint8_t {
  Platforms,   ///< platforms move, carry their riders and push what they run into
  Joints,      ///< springs, rail motors, then ropes, welds and rails pull the crates they hold
  Bodies,      ///< crates: coming back, water, friction, collide and slide
  Characters,  ///< every character's step, its pushes and lift boost
  Rules,       ///< checkpoints, hazards, falls out of the level
};
inline constexpr std::size_t kStepStageCount = 5;

/// "platforms", "joints", "bodies", "characters", "rules": the names metrics and tools print.
std::string_view stepStageName(StepStage stage);

/// How long each stage of one step took, in microseconds of wall time. The step fills it only when
/// its caller passes one, and never reads it: timing cannot change a result.
struct StepProfile {
  std::array<double, kStepStageCount> micros{};

  double of(StepStage stage) const { return micros[static_cast<std::size_t>(stage)]; }
  double total() const;
};

/// Times consecutive stages of a step into a profile; without one it reads no clock at all.
class StepStageClock {
 public:
  explicit StepStageClock(StepProfile* profile) : profile_(profile) {
    if (profile_ != nullptr) {
      start();
    }
  }
  /// Ends the stretch since the last call (or the start) and adds it to `stage`. Inline on the
  /// common case, no profile: a step calls it once a phase.
  void finish(StepStage stage) {
    if (profile_ != nullptr) {
      record(stage);
    }
  }

 private:
  void start();
  void record(StepStage stage);

  StepProfile* profile_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace coyote
