#pragma once

#include <vector>

#include "server/rooms/room.h"
#include "server/rooms/room_step_pool.h"
#include "sim/step_profile.h"

namespace coyote {

/// Steps every open room once per tick on rooms.threads threads (RoomStepPool), each from its own
/// tick count, and notes each room's CPU time in its figures (the CPU time of the thread that
/// stepped it).
class RoomStepper {
 public:
  /// What a tick of every room cost.
  struct Stepped {
    StepProfile profile;     ///< the stages summed over the rooms
    double workerCpu = 0.0;  ///< µs spent on rooms by threads other than the caller's
  };

  explicit RoomStepper(int threads) : pool_(threads) {}

  Stepped step(const RoomsByName& rooms, double now);
  int threads() const { return pool_.threads(); }

 private:
  RoomStepPool pool_;
  std::vector<Room*> rooms_;           ///< reused each tick
  std::vector<StepProfile> profiles_;  ///< reused each tick
  std::vector<double> cpuMicros_;      ///< reused each tick
};

}  // namespace coyote
