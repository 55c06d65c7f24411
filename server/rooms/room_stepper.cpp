#include "server/rooms/room_stepper.h"

#include "server/tick/tick_timing.h"

namespace coyote {

RoomStepper::Stepped RoomStepper::step(const RoomsByName& rooms, double now) {
  rooms_.clear();
  for (const auto& [name, room] : rooms) {
    rooms_.push_back(room.get());
  }
  profiles_.assign(rooms_.size(), StepProfile{});
  cpuMicros_.assign(rooms_.size(), 0.0);
  pool_.run(rooms_.size(), [this, now](std::size_t i) {
    const double start = threadCpuMicros();
    rooms_[i]->runTick(now, profiles_[i]);
    cpuMicros_[i] = threadCpuMicros() - start;
  });
  Stepped stepped;
  for (std::size_t i = 0; i < rooms_.size(); ++i) {
    rooms_[i]->noteTickCpu(cpuMicros_[i]);
    stepped.workerCpu += pool_.ranOnLoopThread(i) ? 0.0 : cpuMicros_[i];
    for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
      stepped.profile.micros[stage] += profiles_[i].micros[stage];
    }
  }
  return stepped;
}

}  // namespace coyote
