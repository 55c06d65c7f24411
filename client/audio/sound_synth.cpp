#include "client/audio/sound_synth.h"

#include <algorithm>
#include <array>

namespace coyote {
namespace {

constexpr int kSupersampling = 8;  // sfxr's: each sample averages 8 steps of the oscillator
constexpr std::size_t kMaxSamples = 4 * kSynthSampleRate;
// sfxr's master volume (0.05) is for a mixer of many voices; one effect at 0.4 peaks near a
// fifth of full scale at volume 0.5, and a punch of 1 stays under it.
constexpr float kGain = 0.4f;
constexpr float kPi = 3.14159265358979f;

float squared(float value) {
  return value * value;
}
float cubed(float value) {
  return value * value * value;
}

// sin(2π·x) for x in [0, 1), by Bhaskara's rational approximation (under 0.2 % off): no libm, so
// no library version can change a sample.
float sineTurn(float x) {
  const float half = x < 0.5f ? x : x - 0.5f;  // [0, 0.5) of a turn is [0, π)
  const float angle = half * 2.0f * kPi;
  const float product = angle * (kPi - angle);
  const float value = 16.0f * product / (5.0f * kPi * kPi - 4.0f * product);
  return x < 0.5f ? value : -value;
}

/// One sound being made: sfxr's synthesiser state, started from the parameters.
class Synth {
 public:
  explicit Synth(const SynthParameters& p) : p_(p), noiseState_(p.noiseSeed | 1u) {
    period_ = 100.0f / (squared(p.baseFrequency) + 0.001f);
    maxPeriod_ = 100.0f / (squared(p.frequencyLimit) + 0.001f);
    slide_ = 1.0f - cubed(p.slide) * 0.01f;
    deltaSlide_ = -cubed(p.deltaSlide) * 0.000001f;
    duty_ = 0.5f - p.duty * 0.5f;
    dutySlide_ = -p.dutySweep * 0.00005f;
    arpeggio_ = p.arpeggioChange >= 0.0f ? 1.0f - squared(p.arpeggioChange) * 0.9f
                                         : 1.0f + squared(p.arpeggioChange) * 10.0f;
    arpeggioLimit_ = p.arpeggioSpeed >= 1.0f
                         ? 0
                         : static_cast<int>(squared(1.0f - p.arpeggioSpeed) * 20000.0f + 32.0f);
    lowPassWidth_ = cubed(p.lowPassCutoff) * 0.1f;
    lowPassGrowth_ = 1.0f + p.lowPassSweep * 0.0001f;
    lowPassDamping_ = std::min(
        0.8f, 5.0f / (1.0f + squared(p.lowPassResonance) * 20.0f) * (0.01f + lowPassWidth_));
    highPass_ = squared(p.highPassCutoff) * 0.1f;
    highPassGrowth_ = 1.0f + p.highPassSweep * 0.0003f;
    vibratoSpeed_ = squared(p.vibratoSpeed) * 0.01f;
    vibratoDepth_ = p.vibratoDepth * 0.5f;
    // Each stage at most 100,000 samples (sfxr's range is 0–1): a wild parameter cannot
    // overflow the conversion to int.
    const auto stage = [](float value) {
      return static_cast<int>(squared(std::clamp(value, 0.0f, 1.0f)) * 100000.0f);
    };
    stageLength_ = {stage(p.attack), stage(p.sustain), stage(p.decay)};
    refillNoise();
  }

  std::vector<std::int16_t> run() {
    std::vector<std::int16_t> samples;
    while (playing_ && samples.size() < kMaxSamples) {
      const float sample = std::clamp(next() * 2.0f * p_.volume, -1.0f, 1.0f);
      samples.push_back(static_cast<std::int16_t>(sample * 32767.0f));
    }
    return samples;
  }

 private:
  std::uint32_t random() {  // xorshift32
    noiseState_ ^= noiseState_ << 13;
    noiseState_ ^= noiseState_ >> 17;
    noiseState_ ^= noiseState_ << 5;
    return noiseState_;
  }
  void refillNoise() {
    for (float& value : noise_) {
      value = static_cast<float>(random() % 20001u) / 10000.0f - 1.0f;
    }
  }

  /// The period (in oscillator steps) of this sample, after the slides, arpeggio and vibrato.
  int stepPitch() {
    if (arpeggioLimit_ != 0 && ++arpeggioTime_ >= arpeggioLimit_) {
      arpeggioLimit_ = 0;
      period_ *= arpeggio_;
    }
    slide_ += deltaSlide_;
    period_ *= slide_;
    if (period_ > maxPeriod_) {
      period_ = maxPeriod_;
      playing_ = p_.frequencyLimit <= 0.0f;
    }
    float period = period_;
    if (vibratoDepth_ > 0.0f) {
      vibratoPhase_ += vibratoSpeed_;
      vibratoPhase_ -= static_cast<float>(static_cast<int>(vibratoPhase_));
      period *= 1.0f + sineTurn(vibratoPhase_) * vibratoDepth_;
    }
    duty_ = std::clamp(duty_ + dutySlide_, 0.0f, 0.5f);
    return std::max(8, static_cast<int>(period));
  }

  /// The envelope's volume at this sample: attack, sustain (with punch), decay, then silence.
  float stepEnvelope() {
    if (++stageTime_ > stageLength_[stage_]) {
      stageTime_ = 0;
      if (++stage_ == 3) {
        playing_ = false;
        return 0.0f;
      }
    }
    const float through =
        static_cast<float>(stageTime_) / static_cast<float>(std::max(1, stageLength_[stage_]));
    switch (stage_) {
      case 0:
        return through;
      case 1:
        return 1.0f + (1.0f - through) * 2.0f * p_.punch;
      default:
        return 1.0f - through;
    }
  }

  float oscillator(int period) {
    if (++phase_ >= period) {
      phase_ %= period;
      if (p_.wave == Waveform::Noise) {
        refillNoise();
      }
    }
    const float through = static_cast<float>(phase_) / static_cast<float>(period);
    switch (p_.wave) {
      case Waveform::Square:
        return through < duty_ ? 0.5f : -0.5f;
      case Waveform::Sawtooth:
        return 1.0f - through * 2.0f;
      case Waveform::Sine:
        return sineTurn(through);
      case Waveform::Noise:
        return noise_[static_cast<std::size_t>(phase_ * 32 / period) % noise_.size()];
    }
    return 0.0f;
  }

  /// sfxr's resonant low-pass, then its high-pass, on one oscillator step.
  float filter(float sample) {
    const float before = lowPass_;
    lowPassWidth_ = std::clamp(lowPassWidth_ * lowPassGrowth_, 0.0f, 0.1f);
    if (p_.lowPassCutoff < 1.0f) {
      lowPassDelta_ += (sample - lowPass_) * lowPassWidth_;
      lowPassDelta_ -= lowPassDelta_ * lowPassDamping_;
    } else {
      lowPass_ = sample;
      lowPassDelta_ = 0.0f;
    }
    lowPass_ += lowPassDelta_;
    highPassed_ += lowPass_ - before;
    highPassed_ -= highPassed_ * highPass_;
    return highPassed_;
  }

  float next() {
    const int period = stepPitch();
    const float envelope = stepEnvelope();
    highPass_ = std::clamp(highPass_ * highPassGrowth_, 0.00001f, 0.1f);
    float sum = 0.0f;
    for (int step = 0; step < kSupersampling; ++step) {
      sum += filter(oscillator(period)) * envelope;
    }
    return sum / kSupersampling * kGain;
  }

  SynthParameters p_;
  std::uint32_t noiseState_;
  std::array<float, 32> noise_{};
  bool playing_ = true;
  float period_, maxPeriod_, slide_, deltaSlide_, duty_, dutySlide_, arpeggio_;
  int arpeggioLimit_, arpeggioTime_ = 0;
  float lowPass_ = 0.0f, lowPassDelta_ = 0.0f, lowPassWidth_, lowPassGrowth_, lowPassDamping_;
  float highPassed_ = 0.0f, highPass_, highPassGrowth_;
  float vibratoPhase_ = 0.0f, vibratoSpeed_, vibratoDepth_;
  std::array<int, 3> stageLength_;
  int stage_ = 0, stageTime_ = 0, phase_ = 0;
};

}  // namespace

std::vector<std::int16_t> synthesize(const SynthParameters& parameters) {
  return Synth(parameters).run();
}

}  // namespace coyote
