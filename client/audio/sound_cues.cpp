#include "client/audio/sound_cues.h"

#include <algorithm>

namespace coyote {
namespace {

// Impact speeds (tiles/s) from a soft landing to the loudest: a jump's own landing is near 10,
// a fall from the top of a screen near 25.
constexpr float kSoftImpact = 4.0f;
constexpr float kHardImpact = 26.0f;

bool isOwn(const Effect& effect, int localSlot) {
  return localSlot >= 0 && isCharacterId(effect.key.body) &&
         effect.key.body - kCharacterIdBase == static_cast<BodyId>(localSlot);
}

}  // namespace

std::optional<SoundId> soundFor(const Effect& effect) {
  switch (effect.kind) {
    case EffectKind::Hop:
      switch (static_cast<JumpKind>(static_cast<int>(effect.value))) {
        case JumpKind::Wall:
          return SoundId::WallJump;
        case JumpKind::Air:
          return SoundId::AirJump;
        default:
          return SoundId::Jump;
      }
    case EffectKind::Dust:
      return SoundId::Land;
    case EffectKind::Splash:
      return effect.key.event == EventKind::EnteredWater ? SoundId::SplashIn : SoundId::SplashOut;
    case EffectKind::Flash:
      return SoundId::Checkpoint;
    case EffectKind::Puff:
      return SoundId::Dash;
    case EffectKind::Thud:
      return SoundId::CrateImpact;
    case EffectKind::Snap:
      return SoundId::JointSnap;
    case EffectKind::Hazard:
      return SoundId::Hazard;
    case EffectKind::Return:
      return SoundId::Respawn;
  }
  return std::nullopt;
}

float loudnessOf(const Effect& effect) {
  if (effect.kind != EffectKind::Dust && effect.kind != EffectKind::Thud) {
    return 1.0f;
  }
  const float speed = effect.value < 0.0f ? -effect.value : effect.value;
  return 0.25f +
         0.75f * std::clamp((speed - kSoftImpact) / (kHardImpact - kSoftImpact), 0.0f, 1.0f);
}

SoundCues::Heard* SoundCues::find(const EffectKey& key) {
  for (Heard& heard : heard_) {
    if (heard.key == key) {
      return &heard;
    }
  }
  return nullptr;
}

bool SoundCues::allowed(const Effect& effect, const CueFrame& frame) const {
  return isOwn(effect, frame.localSlot) || effect.key.tick <= frame.confirmed + kConfidentTicks;
}

std::vector<SoundCommand> SoundCues::update(const EffectList& effects, const CueFrame& frame) {
  std::vector<SoundCommand> commands;
  for (const Effect& effect : effects.effects()) {
    const std::optional<SoundId> sound = soundFor(effect);
    if (!sound) {
      continue;
    }
    Heard* heard = find(effect.key);
    if (heard != nullptr) {  // decided already: it may only be stopped
      if (effect.cut && heard->playing && frame.present <= heard->startedAt + kStopTicks) {
        heard->playing = false;
        commands.push_back({SoundCommand::Action::Stop, effect.key, *sound, effect.position, 0.0f});
        ++stopped_;
      }
      continue;
    }
    if (effect.cut || !allowed(effect, frame)) {
      continue;  // not yet: confirmation may still come, or the event is gone
    }
    const bool stale = frame.present > effect.key.tick + kStaleTicks;
    heard_.push_back({effect.key, frame.present, !stale});
    if (!stale) {
      commands.push_back(
          {SoundCommand::Action::Play, effect.key, *sound, effect.position, loudnessOf(effect)});
      ++played_;
    }
  }
  forgetOld(effects, frame.confirmed);
  return commands;
}

// A confirmed tick is never simulated again: once its effect has left the list, its key cannot
// come back, and what was heard of it can go.
void SoundCues::forgetOld(const EffectList& effects, std::uint32_t confirmed) {
  const auto listed = [&](const EffectKey& key) {
    return std::any_of(effects.effects().begin(), effects.effects().end(),
                       [&](const Effect& effect) { return effect.key == key; });
  };
  std::erase_if(heard_, [&](const Heard& heard) {
    return heard.key.tick <= confirmed && !listed(heard.key);
  });
}

}  // namespace coyote
