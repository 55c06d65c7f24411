#include "client/core/effect_list.h"

#include <algorithm>

#include "sim/character/character_step.h"
#include "sim/collision/obstacle_set.h"

namespace coyote {

std::optional<EffectKind> effectFor(EventKind kind) {
  switch (kind) {
    case EventKind::Landed:
      return EffectKind::Dust;
    case EventKind::EnteredWater:
    case EventKind::LeftWater:
      return EffectKind::Splash;
    case EventKind::CheckpointActivated:
      return EffectKind::Flash;
    case EventKind::Dashed:
      return EffectKind::Puff;
    case EventKind::CrateImpact:
      return EffectKind::Thud;
    case EventKind::JointBroken:
      return EffectKind::Snap;
    case EventKind::Jumped:
      return EffectKind::Hop;
    case EventKind::HazardHit:
      return EffectKind::Hazard;
    case EventKind::Respawned:
      return EffectKind::Return;
    default:
      return std::nullopt;
  }
}

std::uint32_t effectTicks(EffectKind kind) {
  switch (kind) {
    case EffectKind::Dust:
      return 18;
    case EffectKind::Splash:
      return 30;
    case EffectKind::Flash:
      return 24;
    case EffectKind::Puff:
      return 15;
    case EffectKind::Thud:
      return 12;
    case EffectKind::Snap:
      return 20;
    case EffectKind::Hop:
      return 10;
    case EffectKind::Hazard:
      return 20;
    case EffectKind::Return:
      return 24;
  }
  return 12;
}

float Effect::progress(double renderTick) const {
  const double age = renderTick - static_cast<double>(key.tick);
  const double length = static_cast<double>(effectTicks(kind));
  return static_cast<float>(std::clamp(age / length, 0.0, 1.0));
}

float Effect::opacity(double renderTick) const {
  if (over(renderTick)) {
    return 0.0f;
  }
  float left = 1.0f - progress(renderTick);
  if (cut) {
    const double cutLeft = (static_cast<double>(endTick) - renderTick) / EffectList::kCutTicks;
    left = std::min(left, static_cast<float>(std::clamp(cutLeft, 0.0, 1.0)));
  }
  return left;
}

std::optional<Vec2> effectPosition(const StepEvent& event, EffectKind kind, const WorldState& after,
                                   const Level& level, const PhysicsConfig& config) {
  if (kind == EffectKind::Flash) {
    // Checked before the conversion: a negative (or NaN) float to an unsigned is undefined.
    if (!(event.value >= 0.0f) || event.value >= static_cast<float>(level.checkpoints.size())) {
      return std::nullopt;
    }
    const auto index = static_cast<std::size_t>(event.value);
    const CheckpointDefinition& checkpoint = level.checkpoints[index];
    return Vec2{checkpoint.position.x + checkpoint.size.x * 0.5f,
                checkpoint.position.y + checkpoint.size.y * 0.5f};
  }
  if (isCharacterId(event.body)) {
    const Character& character =
        after.characters[static_cast<std::size_t>(event.body - kCharacterIdBase)];
    if (!character.active) {
      return std::nullopt;
    }
    const Aabb box = characterBox(character, config);
    const bool atFeet = kind == EffectKind::Dust || kind == EffectKind::Hop;
    return Vec2{box.centerX(), atFeet ? box.bottom() : box.top() + box.size.y * 0.5f};
  }
  const Crate* crate = findCrate(after, level, event.body);
  const CrateDefinition* definition = crateDefinition(level, event.body);
  if (crate == nullptr || definition == nullptr) {
    return std::nullopt;
  }
  const Aabb box = crateBox(*crate, *definition);
  return Vec2{box.centerX(),
              kind == EffectKind::Snap ? box.top() + box.size.y * 0.5f : box.bottom()};
}

Effect* EffectList::find(const EffectKey& key) {
  for (Effect& effect : effects_) {
    if (effect.key == key) {
      return &effect;
    }
  }
  return nullptr;
}

void EffectList::start(const EffectKey& key, EffectKind kind, Vec2 position, float value) {
  if (effects_.size() == kMaxEffects) {
    effects_.erase(effects_.begin());
  }
  effects_.push_back({key, kind, position, value, key.tick + effectTicks(kind), false});
  ++started_;
}

void EffectList::simulated(std::uint32_t tick, std::span<const StepEvent> events,
                           const WorldState& after, const Level& level, const PhysicsConfig& config,
                           std::uint32_t present) {
  // Whatever this simulation of the tick does not report again is cut short.
  for (Effect& effect : effects_) {
    if (effect.key.tick != tick || effect.cut) {
      continue;
    }
    const bool again = std::any_of(events.begin(), events.end(), [&](const StepEvent& event) {
      return event.body == effect.key.body && event.kind == effect.key.event;
    });
    if (!again) {
      effect.cut = true;
      effect.endTick = std::min(effect.endTick, present + kCutTicks);
      ++cutShort_;
    }
  }
  for (const StepEvent& event : events) {
    const std::optional<EffectKind> kind = effectFor(event.kind);
    if (!kind) {
      continue;
    }
    const EffectKey key{tick, event.body, event.kind};
    if (Effect* known = find(key)) {
      if (known->cut) {  // back after all: it goes on, from where its tick says
        known->cut = false;
        known->endTick = tick + effectTicks(known->kind);
      }
      continue;
    }
    if (const std::optional<Vec2> where = effectPosition(event, *kind, after, level, config)) {
      start(key, *kind, *where, event.value);
    }
  }
}

void EffectList::forget(std::uint32_t confirmed, std::uint32_t present) {
  std::erase_if(effects_, [&](const Effect& effect) {
    return effect.key.tick <= confirmed && effect.endTick <= present;
  });
}

}  // namespace coyote
