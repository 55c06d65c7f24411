#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "client/audio/sound_synth.h"

namespace coyote {

/// Every sound the game plays (docs/playing.md#sound).
enum class SoundId : std::uint8_t {
  Jump,
  AirJump,
  WallJump,
  Land,
  Dash,
  SplashIn,
  SplashOut,
  Checkpoint,
  CrateImpact,
  JointSnap,
  Hazard,
  Respawn,
};
inline constexpr std::size_t kSoundCount = 12;

/// "jump", "air_jump", … as logs and tests name them.
std::string_view soundName(SoundId sound);

/// The fixed sfxr parameters of a sound: made at start, the same samples on every run.
const SynthParameters& soundParameters(SoundId sound);

/// The longest a sound may last, in seconds (short effects keep a busy room readable).
float soundMaxSeconds(SoundId sound);

/// Every sound, in enum order.
std::array<SoundId, kSoundCount> allSounds();

}  // namespace coyote
