#include "client/audio/audio_output.h"

#include <algorithm>
#include <cmath>

namespace coyote {

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
  std::vector<std::vector<std::int16_t>> sounds;  // by SoundId
  for (const SoundId sound : allSounds()) {
    sounds.push_back(synthesize(soundParameters(sound)));
  }
  speakers_ = Speakers::open(sounds, kVoices);
  if (!speakers_) {
    log_->warn("no audio device: playing without sound");
    return;
  }
  voices_.resize(kVoices);
  available_ = true;
  log_->info("audio: {} sounds synthesised, {} voices", sounds.size(), kVoices);
}

void AudioOutput::setVolumes(Volumes volumes) {
  effectsVolume_ = static_cast<float>(std::clamp(volumes.effects, 0, 100)) / 100.0f;
  if (available_) {
    speakers_->setMasterVolume(static_cast<float>(std::clamp(volumes.master, 0, 100)) / 100.0f);
  }
}

std::size_t AudioOutput::freeVoice() {
  for (std::size_t voice = 0; voice < voices_.size(); ++voice) {
    if (!speakers_->playing(voice)) {
      return voice;
    }
  }
  return static_cast<std::size_t>(
      std::min_element(voices_.begin(), voices_.end(),
                       [](const Voice& a, const Voice& b) { return a.order < b.order; }) -
      voices_.begin());
}

void AudioOutput::play(const SoundCommand& command, const Listener& listener) {
  const Placement placement = placeSound(command.position, listener);
  const float volume = effectsVolume_ * command.loudness * placement.gain;
  if (volume <= 0.005f) {
    return;  // out of earshot, or muted: no voice spent
  }
  const std::size_t voice = freeVoice();
  speakers_->play(voice, static_cast<std::size_t>(command.sound), volume, placement.pan);
  voices_[voice] = {command.key, ++started_};
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
    for (std::size_t voice = 0; voice < voices_.size(); ++voice) {
      if (voices_[voice].key == command.key && speakers_->playing(voice)) {
        speakers_->stop(voice);
      }
    }
  }
}

}  // namespace coyote
