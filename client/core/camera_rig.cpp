#include "client/core/camera_rig.h"

#include <algorithm>
#include <cmath>

namespace coyote {
namespace {

constexpr double kShakeTicks = 12.0;

float approach(float from, float to, float fraction) {
  return from + (to - from) * fraction;
}

Vec2 approach(Vec2 from, Vec2 to, float fraction) {
  return {approach(from.x, to.x, fraction), approach(from.y, to.y, fraction)};
}

}  // namespace

Vec2 CameraRig::lead(Vec2 velocity, ViewTiles view) {
  const float most = kMaxLookAhead / kLookAhead;
  const float ahead = std::clamp(velocity.x / kLookAheadSpeed, -most, most) * kLookAhead;
  const float falling =
      std::clamp((velocity.y - kFallLeadSpeed) / (kFallLeadFull - kFallLeadSpeed), 0.0f, 1.0f);
  return {ahead * view.width, falling * kFallLead * view.height};
}

Vec2 CameraRig::update(Vec2 focus, Vec2 velocity, float seconds, int levelWidth, int levelHeight,
                       ViewTiles view) {
  const Vec2 wantedLead = lead(velocity, view);
  const float dx = focus.x - centre_.x;
  const float dy = focus.y - centre_.y;
  const float farthestLead = kMaxLookAhead * view.width;
  if (!started_ || std::sqrt(dx * dx + dy * dy) > kSnapDistance + farthestLead) {
    started_ = true;
    centre_ = focus;
    lead_ = wantedLead;
  } else {
    const float fraction = 1.0f - std::exp(-kFollowRate * std::clamp(seconds, 0.0f, 0.25f));
    // Following at kFollowRate trails a steady runner by speed / kFollowRate: aimed that far
    // ahead, the camera keeps up, and the look-ahead is all ahead. Not up and down: a jump
    // would bob the view.
    centre_ = approach(centre_, {focus.x + velocity.x / kFollowRate, focus.y}, fraction);
    // The lead changes more slowly, so turning round does not whip the view.
    lead_ = approach(lead_, wantedLead, fraction * 0.5f);
  }
  view_ = view;
  return cameraTopLeft({centre_.x + lead_.x, centre_.y + lead_.y}, levelWidth, levelHeight, view);
}

void CameraRig::react(const EffectList& effects, BodyId followed, double renderTick) {
  std::uint32_t newest = newestSeen_;
  for (const Effect& effect : effects.effects()) {
    if (effect.key.tick <= newestSeen_ || effect.cut ||
        static_cast<double>(effect.key.tick) > renderTick + 1.0) {
      continue;
    }
    newest = std::max(newest, effect.key.tick);
    float strength = 0.0f;
    if (effect.kind == EffectKind::Dust && effect.key.body == followed &&
        effect.value >= kHeavyLanding) {
      strength = std::min(4.0f, 1.0f + (effect.value - kHeavyLanding) * 0.25f);
    } else if (effect.kind == EffectKind::Thud &&
               std::abs(effect.position.x - centre_.x) < view_.width * 0.5f &&
               std::abs(effect.position.y - centre_.y) < view_.height * 0.5f) {
      strength = 1.5f;
    }
    if (strength > 0.0f && shakeEnabled_) {
      shakeStrength_ = std::max(strength, shakeLeft(renderTick));
      shakeStart_ = renderTick;
    }
  }
  newestSeen_ = newest;
}

float CameraRig::shakeLeft(double renderTick) const {
  const double age = renderTick - shakeStart_;
  if (age < 0.0 || age >= kShakeTicks) {
    return 0.0f;
  }
  return shakeStrength_ * static_cast<float>(1.0 - age / kShakeTicks);
}

Vec2 CameraRig::shakeOffset(double renderTick) const {
  const float amplitude = shakeLeft(renderTick);
  if (amplitude < 0.5f) {
    return {};
  }
  // A fixed wobble by whole ticks: -1, 0 or +1 on each axis, never the same twice running.
  const auto tick = static_cast<std::int64_t>(renderTick);
  const auto wobble = [](std::int64_t value) { return static_cast<float>(value % 3 - 1); };
  const float pixels = std::round(amplitude);
  return {wobble(tick * 7 + 1) * pixels / kPixelsPerTile,
          wobble(tick * 5 + 2) * pixels / kPixelsPerTile};
}

}  // namespace coyote
