#include "client/audio/audio_output.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include <SFML/Audio/Listener.hpp>
#include <SFML/System/Err.hpp>

namespace coyote {
namespace {

/// Makes the first buffer with SFML's error stream caught, as SFML says "Failed to open the audio
/// device" there (and a dozen OpenAL errors after it) when there is none; then, without a
/// device, drops it as quietly. True if the device opened.
bool openDevice(std::vector<sf::SoundBuffer>& buffers, const std::vector<std::int16_t>& samples) {
  std::ostringstream said;
  std::streambuf* const previous = sf::err().rdbuf(said.rdbuf());
  buffers.emplace_back().loadFromSamples(samples.data(), samples.size(), 1, kSynthSampleRate);
  const bool opened = said.str().find("audio device") == std::string::npos;
  if (!opened) {
    buffers.clear();  // no sf::Sound will be made either: SFML would complain at each
  }
  sf::err().rdbuf(previous);
  return opened;
}

}  // namespace

Placement placeSound(Vec2 position, const Listener& listener) {
  const float dx = position.x - listener.centre.x;
  const float dy = position.y - listener.centre.y;
  // How far beyond the view's edge, in tiles (0 on screen).
  const float outX = std::max(0.0f, std::abs(dx) - listener.halfSize.x);
  const float outY = std::max(0.0f, std::abs(dy) - listener.halfSize.y);
  const float beyond = std::sqrt(outX * outX + outY * outY);
  return {std::clamp(dx / listener.halfSize.x, -1.0f, 1.0f),
          std::clamp(1.0f - beyond / kSilentDistance, 0.0f, 1.0f)};
}

AudioOutput::AudioOutput(std::shared_ptr<spdlog::logger> log) : log_(std::move(log)) {
  // buffers_[i] is sound i: the first opens the device, the others follow in order.
  const auto sounds = allSounds();
  std::vector<std::int16_t> samples = synthesize(soundParameters(sounds.front()));
  buffers_.reserve(kSoundCount);
  if (!openDevice(buffers_, samples)) {
    log_->warn("no audio device: playing without sound");
    return;
  }
  for (std::size_t i = 1; i < sounds.size(); ++i) {
    samples = synthesize(soundParameters(sounds[i]));
    buffers_.emplace_back().loadFromSamples(samples.data(), samples.size(), 1, kSynthSampleRate);
  }
  voices_.reserve(kVoices);
  available_ = true;
  log_->info("audio: {} sounds synthesised, {} voices", buffers_.size(), kVoices);
}

void AudioOutput::setVolumes(Volumes volumes) {
  effectsVolume_ = static_cast<float>(std::clamp(volumes.effects, 0, 100)) / 100.0f;
  if (available_) {
    sf::Listener::setGlobalVolume(static_cast<float>(std::clamp(volumes.master, 0, 100)));
  }
}

AudioOutput::Voice& AudioOutput::freeVoice() {
  for (Voice& voice : voices_) {
    if (voice.sound.getStatus() == sf::Sound::Stopped) {
      return voice;
    }
  }
  if (voices_.size() < kVoices) {
    return voices_.emplace_back();
  }
  return *std::min_element(voices_.begin(), voices_.end(),
                           [](const Voice& a, const Voice& b) { return a.order < b.order; });
}

void AudioOutput::play(const SoundCommand& command, const Listener& listener) {
  const Placement placement = placeSound(command.position, listener);
  const float volume = 100.0f * effectsVolume_ * command.loudness * placement.gain;
  if (volume <= 0.5f) {
    return;  // out of earshot, or muted: no voice spent
  }
  Voice& voice = freeVoice();
  voice.sound.stop();
  voice.sound.setBuffer(buffers_[static_cast<std::size_t>(command.sound)]);
  voice.sound.setVolume(volume);
  // Relative to the listener with no distance attenuation: OpenAL pans by the direction alone,
  // and the gain above is the distance.
  voice.sound.setRelativeToListener(true);
  voice.sound.setAttenuation(0.0f);
  voice.sound.setPosition(placement.pan, 0.0f, -std::sqrt(1.0f - placement.pan * placement.pan));
  voice.key = command.key;
  voice.order = ++started_;
  voice.sound.play();
}

void AudioOutput::apply(const std::vector<SoundCommand>& commands, const Listener& listener) {
  if (!available_) {
    return;
  }
  for (const SoundCommand& command : commands) {
    if (command.action == SoundCommand::Action::Play) {
      play(command, listener);
      continue;
    }
    for (Voice& voice : voices_) {
      if (voice.key == command.key && voice.sound.getStatus() != sf::Sound::Stopped) {
        voice.sound.stop();
      }
    }
  }
}

}  // namespace coyote
