#include "client/audio/sound_bank.h"

namespace coyote {
namespace {

// Tuned by ear in the spirit of sfxr's presets: jumps are rising square blips (higher for an
// air jump, a harsher sawtooth off a wall), impacts are low-passed noise, the checkpoint is a
// two-note "coin", the hazard a falling buzz and the respawn a rising sine.
SynthParameters jump() {
  return {.wave = Waveform::Square,
          .sustain = 0.12f,
          .decay = 0.2f,
          .baseFrequency = 0.32f,
          .slide = 0.22f,
          .duty = 0.4f,
          .lowPassCutoff = 0.9f,
          .highPassCutoff = 0.05f};
}
SynthParameters airJump() {
  return {.wave = Waveform::Square,
          .sustain = 0.09f,
          .decay = 0.18f,
          .baseFrequency = 0.42f,
          .slide = 0.28f,
          .arpeggioChange = 0.3f,
          .arpeggioSpeed = 0.7f,
          .duty = 0.2f,
          .lowPassCutoff = 0.9f,
          .highPassCutoff = 0.08f};
}
SynthParameters wallJump() {
  return {.wave = Waveform::Sawtooth,
          .sustain = 0.1f,
          .decay = 0.17f,
          .baseFrequency = 0.3f,
          .slide = 0.3f,
          .lowPassCutoff = 0.7f,
          .highPassCutoff = 0.1f,
          .volume = 0.4f};
}
SynthParameters land() {
  return {.wave = Waveform::Noise,
          .sustain = 0.05f,
          .decay = 0.14f,
          .baseFrequency = 0.1f,
          .slide = -0.1f,
          .lowPassCutoff = 0.45f,
          .lowPassResonance = 0.3f,
          .noiseSeed = 11};
}
SynthParameters dash() {
  return {.wave = Waveform::Noise,
          .sustain = 0.1f,
          .punch = 0.3f,
          .decay = 0.22f,
          .baseFrequency = 0.45f,
          .slide = -0.2f,
          .highPassCutoff = 0.12f,
          .noiseSeed = 23};
}
SynthParameters splashIn() {
  return {.wave = Waveform::Noise,
          .attack = 0.03f,
          .sustain = 0.14f,
          .decay = 0.34f,
          .baseFrequency = 0.22f,
          .slide = -0.06f,
          .lowPassCutoff = 0.55f,
          .lowPassSweep = -0.2f,
          .noiseSeed = 37};
}
SynthParameters splashOut() {
  return {.wave = Waveform::Noise,
          .sustain = 0.08f,
          .decay = 0.22f,
          .baseFrequency = 0.3f,
          .slide = 0.08f,
          .lowPassCutoff = 0.6f,
          .lowPassSweep = 0.1f,
          .noiseSeed = 41};
}
SynthParameters checkpoint() {
  return {.wave = Waveform::Square,
          .sustain = 0.14f,
          .punch = 0.45f,
          .decay = 0.3f,
          .baseFrequency = 0.48f,
          .arpeggioChange = 0.45f,
          .arpeggioSpeed = 0.6f,
          .duty = 0.5f};
}
SynthParameters crateImpact() {
  return {.wave = Waveform::Noise,
          .sustain = 0.04f,
          .punch = 0.2f,
          .decay = 0.16f,
          .baseFrequency = 0.07f,
          .slide = -0.05f,
          .lowPassCutoff = 0.3f,
          .noiseSeed = 53};
}
SynthParameters jointSnap() {
  return {.wave = Waveform::Sawtooth,
          .sustain = 0.05f,
          .punch = 0.5f,
          .decay = 0.2f,
          .baseFrequency = 0.7f,
          .slide = -0.45f,
          .highPassCutoff = 0.2f,
          .volume = 0.4f};
}
SynthParameters hazard() {
  return {.wave = Waveform::Square,
          .sustain = 0.15f,
          .decay = 0.3f,
          .baseFrequency = 0.28f,
          .slide = -0.3f,
          .vibratoDepth = 0.35f,
          .vibratoSpeed = 0.5f,
          .duty = 0.1f,
          .lowPassCutoff = 0.8f};
}
SynthParameters respawn() {
  return {.wave = Waveform::Sine,
          .attack = 0.1f,
          .sustain = 0.14f,
          .decay = 0.25f,
          .baseFrequency = 0.3f,
          .slide = 0.18f,
          .vibratoDepth = 0.1f,
          .vibratoSpeed = 0.6f,
          .volume = 0.6f};
}

const std::array<SynthParameters, kSoundCount> kParameters = {
    jump(),      airJump(),    wallJump(),    land(),      dash(),   splashIn(),
    splashOut(), checkpoint(), crateImpact(), jointSnap(), hazard(), respawn()};

}  // namespace

std::string_view soundName(SoundId sound) {
  constexpr std::array<std::string_view, kSoundCount> kNames = {
      "jump",       "air_jump",   "wall_jump",    "land",       "dash",   "splash_in",
      "splash_out", "checkpoint", "crate_impact", "joint_snap", "hazard", "respawn"};
  return kNames[static_cast<std::size_t>(sound) % kSoundCount];
}

const SynthParameters& soundParameters(SoundId sound) {
  return kParameters[static_cast<std::size_t>(sound) % kSoundCount];
}

float soundMaxSeconds(SoundId sound) {
  return sound == SoundId::SplashIn || sound == SoundId::Respawn ? 0.6f : 0.4f;
}

std::array<SoundId, kSoundCount> allSounds() {
  std::array<SoundId, kSoundCount> sounds{};
  for (std::size_t i = 0; i < kSoundCount; ++i) {
    sounds[i] = static_cast<SoundId>(i);
  }
  return sounds;
}

}  // namespace coyote
