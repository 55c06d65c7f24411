#include "sim/bodies/platform_path.h"

#include <cmath>

namespace coyote {
namespace {

/// One leg of a cycle: from → to in `ticks` ticks (a wait is a leg with from == to).
struct PathLeg {
  Vec2 from;
  Vec2 to;
  std::uint32_t ticks = 1;
};

std::uint32_t segmentTicks(float seconds, int tickRate) {
  const float ticks = std::floor(seconds * static_cast<float>(tickRate) + 0.5f);
  return ticks < 1.0f ? 1u : static_cast<std::uint32_t>(ticks);
}

PathLeg moveLeg(Vec2 from, Vec2 to, const PlatformDefinition& platform, int tickRate) {
  const float dx = to.x - from.x;
  const float dy = to.y - from.y;
  return {from, to, segmentTicks(std::sqrt(dx * dx + dy * dy) / platform.speed, tickRate)};
}

/// Calls `visit(leg)` for each leg of the cycle in order until it returns true.
template <class Visitor>
void forEachLeg(const PlatformDefinition& platform, int tickRate, Visitor&& visit) {
  const auto& path = platform.path;
  const std::size_t count = path.size();
  const bool waits = platform.wait > 0.0f;
  const std::uint32_t waitTicks = waits ? segmentTicks(platform.wait, tickRate) : 0;
  if (count < 2) {
    visit(PathLeg{path.empty() ? Vec2{} : path[0], path.empty() ? Vec2{} : path[0], 1});
    return;
  }
  if (waits && visit(PathLeg{path[0], path[0], waitTicks})) {
    return;
  }
  for (std::size_t i = 0; i + 1 < count; ++i) {
    if (visit(moveLeg(path[i], path[i + 1], platform, tickRate))) {
      return;
    }
  }
  if (platform.mode == PathMode::Loop) {
    visit(moveLeg(path[count - 1], path[0], platform, tickRate));
    return;
  }
  if (waits && visit(PathLeg{path[count - 1], path[count - 1], waitTicks})) {
    return;
  }
  for (std::size_t i = count - 1; i > 0; --i) {
    if (visit(moveLeg(path[i], path[i - 1], platform, tickRate))) {
      return;
    }
  }
}

}  // namespace

std::uint32_t platformPeriodTicks(const PlatformDefinition& platform, int tickRate) {
  std::uint32_t period = 0;
  forEachLeg(platform, tickRate, [&](const PathLeg& leg) {
    period += leg.ticks;
    return false;
  });
  return period;
}

Vec2 platformPositionAt(const PlatformDefinition& platform, std::uint32_t phase, int tickRate) {
  Vec2 position = platform.path.empty() ? Vec2{} : platform.path[0];
  forEachLeg(platform, tickRate, [&](const PathLeg& leg) {
    if (phase >= leg.ticks) {
      phase -= leg.ticks;
      return false;
    }
    const float progress = static_cast<float>(phase) / static_cast<float>(leg.ticks);
    position = {leg.from.x + (leg.to.x - leg.from.x) * progress,
                leg.from.y + (leg.to.y - leg.from.y) * progress};
    return true;
  });
  return position;
}

}  // namespace coyote
