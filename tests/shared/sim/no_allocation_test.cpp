// The step allocates nothing (docs/simulation.md#determinism): every operator new in this test
// binary is counted.
#include <atomic>
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>

#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"

namespace {
std::atomic<long> allocations{0};
}  // namespace

// The operators below pair malloc with free, as replacements of new and delete may; g++ 12 at
// -O1 inlines gtest's `delete` into them and takes the pair for a mismatch.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t size) {
  ++allocations;
  if (void* memory = std::malloc(size == 0 ? 1 : size)) {
    return memory;
  }
  throw std::bad_alloc();
}
void operator delete(void* memory) noexcept {
  std::free(memory);
}
void operator delete(void* memory, std::size_t) noexcept {
  std::free(memory);
}

namespace coyote {
namespace {

TEST(NoAllocation, StepWorldAndHashStateNeverAllocate) {
  const Level level = loadTiledLevel(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/bench.tmj");
  const PhysicsConfig config;
  const StepParameters parameters(config);
  auto state = std::make_unique<WorldState>(makeWorld(64, level, config));
  RandomInputs random(3);
  TickInputs inputs{};
  const long before = allocations.load();
  for (int tick = 0; tick < 2000; ++tick) {
    random.next(inputs, 64);
    stepWorld(*state, inputs, level, parameters);
    hashState(*state);
  }
  EXPECT_EQ(allocations.load() - before, 0);
  EXPECT_GT(allocations.load(), 0) << "the counting operator new is not in use";
}

}  // namespace
}  // namespace coyote
