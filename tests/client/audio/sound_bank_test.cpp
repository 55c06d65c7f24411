// The synthesised sounds: heard, short, and the same bytes on every run and compiler.
#include "client/audio/sound_bank.h"

#include <gtest/gtest.h>
#include <xxhash.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

namespace coyote {
namespace {

std::uint64_t hashOf(const std::vector<std::int16_t>& samples) {
  return XXH64(samples.data(), samples.size() * sizeof(std::int16_t), 0);
}

double rms(const std::vector<std::int16_t>& samples) {
  double sum = 0.0;
  for (const std::int16_t sample : samples) {
    sum += static_cast<double>(sample) * sample;
  }
  return samples.empty() ? 0.0 : std::sqrt(sum / static_cast<double>(samples.size()));
}

// Pinned once, on purpose: a change of a sound's parameters or of the synthesiser moves its hash
// here (say why in the commit).
const std::map<std::string_view, std::uint64_t> kHashes = {
    {"jump", 0x5668f24e8302f86full},         {"air_jump", 0xe52ef997b816b55cull},
    {"wall_jump", 0xd2e9744d01aea988ull},    {"land", 0xba8fdd5dfb904848ull},
    {"dash", 0x479a42d0fc7559acull},         {"splash_in", 0x8408af9462f8797bull},
    {"splash_out", 0x109fdadb19f74038ull},   {"checkpoint", 0xb043abc902451cecull},
    {"crate_impact", 0xc03a3dfe5a26fd23ull}, {"joint_snap", 0xd1425c2edf99e9bfull},
    {"hazard", 0x99fe21c0003c36c5ull},       {"respawn", 0x95c29889fe40634bull},
};

TEST(SoundBank, EverySoundIsHeardShorterThanItsBoundAndHasItsFixedHash) {
  for (const SoundId sound : allSounds()) {
    const std::vector<std::int16_t> samples = synthesize(soundParameters(sound));
    const std::string_view name = soundName(sound);
    const double seconds = static_cast<double>(samples.size()) / kSynthSampleRate;
    int peak = 0;
    for (const std::int16_t sample : samples) {
      peak = std::max(peak, std::abs(static_cast<int>(sample)));
    }
    EXPECT_GT(seconds, 0.05) << name;
    EXPECT_LE(seconds, soundMaxSeconds(sound)) << name;
    EXPECT_GT(peak, 2000) << name << ": too quiet to hear";
    EXPECT_LT(peak, 32767) << name << ": clipped";
    EXPECT_GT(rms(samples), 300.0) << name;
    EXPECT_EQ(hashOf(samples), kHashes.at(name))
        << name << " hash 0x" << std::hex << hashOf(samples) << std::dec << ", " << samples.size()
        << " samples, peak " << peak << ", rms " << rms(samples);
  }
}

TEST(SoundBank, SynthesisingTwiceGivesTheSameBytesAndEverySoundDiffers) {
  std::set<std::uint64_t> hashes;
  for (const SoundId sound : allSounds()) {
    const std::vector<std::int16_t> first = synthesize(soundParameters(sound));
    EXPECT_EQ(first, synthesize(soundParameters(sound))) << soundName(sound);
    hashes.insert(hashOf(first));
  }
  EXPECT_EQ(hashes.size(), kSoundCount);
}

TEST(SoundBank, HostileParametersStayBoundedAndFinite) {
  SynthParameters endless;
  endless.sustain = 1.0f;
  endless.decay = 1.0f;
  endless.attack = 1.0f;  // 3 × 100,000 samples: longer than the cap
  EXPECT_EQ(synthesize(endless).size(), 4u * kSynthSampleRate);
  SynthParameters wild;
  wild.baseFrequency = 1.0f;
  wild.slide = 1.0f;
  wild.deltaSlide = 1.0f;
  wild.lowPassResonance = 1.0f;
  wild.lowPassCutoff = 0.0f;
  wild.volume = 100.0f;
  wild.attack = 1e12f;  // far outside sfxr's 0–1: clamped, never an overflowing conversion
  wild.decay = -5.0f;
  const std::vector<std::int16_t> samples = synthesize(wild);
  EXPECT_FALSE(samples.empty());
  EXPECT_LE(samples.size(), 4u * kSynthSampleRate);
}

}  // namespace
}  // namespace coyote
