#include "sim/step_profile.h"

namespace coyote {

std::string_view stepStageName(StepStage stage) {
  switch (stage) {
    case StepStage::Platforms:
      return "platforms";
    case StepStage::Joints:
      return "joints";
    case StepStage::Bodies:
      return "bodies";
    case StepStage::Characters:
      return "characters";
    case StepStage::Rules:
      return "rules";
  }
  return "unknown";
}

double StepProfile::total() const {
  double sum = 0.0;
  for (const double stage : micros) {
    sum += stage;
  }
  return sum;
}

void StepStageClock::start() {
  *profile_ = StepProfile{};
  last_ = std::chrono::steady_clock::now();
}

void StepStageClock::record(StepStage stage) {
  const auto now = std::chrono::steady_clock::now();
  profile_->micros[static_cast<std::size_t>(stage)] +=
      std::chrono::duration<double, std::micro>(now - last_).count();
  last_ = now;
}

}  // namespace coyote
