// Steps a benchmark world a fixed number of times inside one function that callgrind counts
// (bench/instruction_counts.sh): instruction counts do not move with the machine's speed, which
// on this 2-core machine moves by 2× within minutes, so the speed work is judged by them.
// Usage: coyote_step_instructions bench1|bench64|lockstep64|living|rollback
#include <cstdio>
#include <string>

#include "bench/bench_worlds.h"
#include "client/core/predictor.h"
#include "sim/state_hash.h"

namespace coyote {
namespace {

constexpr int kMeasuredSteps = 200;
constexpr int kMeasuredRollbacks = 10;
constexpr std::uint32_t kRollbackDepth = 15;

// noinline: the script counts what runs inside these two functions and nothing else.
[[gnu::noinline]] void measuredSteps(bench::SteppedWorld& world) {
  for (int step = 0; step < kMeasuredSteps; ++step) {
    const auto tick = static_cast<std::size_t>(bench::kWarmUpTicks + step) % world.inputs.size();
    stepWorld(world.state, world.inputs[tick], world.level, world.parameters);
  }
}

[[gnu::noinline]] void measuredRollbacks(Predictor& predictor) {
  for (int rollback = 0; rollback < kMeasuredRollbacks; ++rollback) {
    predictor.rollback();
  }
}

int run(const std::string& mode) {
  if (mode == "bench1" || mode == "bench64" || mode == "lockstep64") {
    bench::SteppedWorld world =
        mode == "lockstep64"
            ? bench::SteppedWorld(bench::benchWithOneSpawn(), 64, bench::Players::InLockstep)
            : bench::SteppedWorld(loadTiledLevel(bench::levelPath("bench.tmj")),
                                  mode == "bench1" ? 1 : 64);
    measuredSteps(world);
    std::printf("{\"mode\":\"%s\",\"steps\":%d,\"hash\":\"%016llx\"}\n", mode.c_str(),
                kMeasuredSteps, static_cast<unsigned long long>(hashState(world.state)));
    return 0;
  }
  if (mode != "living" && mode != "rollback") {
    std::fprintf(stderr,
                 "usage: coyote_step_instructions bench1|bench64|lockstep64|living|rollback\n");
    return 2;
  }
  bench::SteppedWorld world(bench::livingWorld(), bench::kLivingPlayers);
  if (mode == "living") {
    measuredSteps(world);
    std::printf("{\"mode\":\"living\",\"steps\":%d,\"hash\":\"%016llx\"}\n", kMeasuredSteps,
                static_cast<unsigned long long>(hashState(world.state)));
    return 0;
  }
  Predictor predictor(world.level, world.parameters, 0, kRollbackDepth + 1);
  predictor.adopt(world.state, world.inputs[0]);
  predictor.rollback();
  for (std::uint32_t tick = 0; tick < kRollbackDepth; ++tick) {
    predictor.advance(world.inputs[tick][0]);
  }
  measuredRollbacks(predictor);
  std::printf("{\"mode\":\"rollback\",\"rollbacks\":%d,\"depth\":%u}\n", kMeasuredRollbacks,
              kRollbackDepth);
  return 0;
}

}  // namespace
}  // namespace coyote

int main(int argc, char** argv) {
  return coyote::run(argc == 2 ? argv[1] : "");
}
