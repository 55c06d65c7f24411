#pragma once

#include <cstdint>
#include <vector>

namespace coyote {

/// The waveform a synthesised sound starts from.
enum class Waveform : std::uint8_t { Square, Sawtooth, Sine, Noise };

/// An sfxr sound (DrPetter's sfxr, as jsfxr names its parameters): a handful of numbers, most in
/// 0–1 and the slides and ramps in -1–1, describe a whole effect. The sound bank holds them as
/// constants, so every run makes the same samples.
struct SynthParameters {
  Waveform wave = Waveform::Square;
  float attack = 0.0f;   ///< envelope: rise time
  float sustain = 0.3f;  ///< envelope: hold time
  float punch = 0.0f;    ///< envelope: a louder start of the hold
  float decay = 0.4f;    ///< envelope: fall time
  float baseFrequency = 0.3f;
  float frequencyLimit = 0.0f;  ///< a falling pitch ends the sound below this (0: never)
  float slide = 0.0f;           ///< pitch slide: up above 0, down below
  float deltaSlide = 0.0f;      ///< the slide's own slide
  float vibratoDepth = 0.0f;
  float vibratoSpeed = 0.0f;
  float arpeggioChange = 0.0f;  ///< one pitch jump, up above 0, down below
  float arpeggioSpeed = 0.0f;   ///< how soon it comes
  float duty = 0.0f;            ///< square wave: its duty cycle
  float dutySweep = 0.0f;
  float lowPassCutoff = 1.0f;  ///< 1: no low-pass filter
  float lowPassSweep = 0.0f;
  float lowPassResonance = 0.0f;
  float highPassCutoff = 0.0f;  ///< 0: no high-pass filter
  float highPassSweep = 0.0f;
  float volume = 0.5f;
  std::uint32_t noiseSeed = 1;  ///< the noise wave's generator starts here
};

inline constexpr unsigned kSynthSampleRate = 44100;

/// The sound's 16-bit mono samples at kSynthSampleRate. Only +, −, ×, ÷ and comparisons of
/// floats (a polynomial sine, a seeded xorshift for noise): the same bytes on every run and
/// every compiler of the determinism contract. At most 4 s of samples, whatever the parameters.
std::vector<std::int16_t> synthesize(const SynthParameters& parameters);

}  // namespace coyote
