#include "client/audio/speakers.h"

#include <cmath>
#include <sstream>
#include <string>

#include <SFML/Audio/Listener.hpp>
#include <SFML/Audio/Sound.hpp>
#include <SFML/Audio/SoundBuffer.hpp>
#include <SFML/System/Err.hpp>

#include "client/audio/sound_synth.h"

namespace coyote {
namespace {

/// SFML Audio on OpenAL: a buffer per sound, an sf::Sound per voice.
class SfmlSpeakers final : public Speakers {
 public:
  SfmlSpeakers(std::vector<sf::SoundBuffer> buffers, std::size_t voices)
      : buffers_(std::move(buffers)), voices_(voices) {}

  void setMasterVolume(float volume) override { sf::Listener::setGlobalVolume(100.0f * volume); }

  void play(std::size_t voice, std::size_t sound, float volume, float pan) override {
    sf::Sound& played = voices_[voice];
    played.stop();
    played.setBuffer(buffers_[sound]);
    played.setVolume(100.0f * volume);
    // Relative to the listener with no distance attenuation: OpenAL pans by the direction alone,
    // and the caller's volume is the distance.
    played.setRelativeToListener(true);
    played.setAttenuation(0.0f);
    played.setPosition(pan, 0.0f, -std::sqrt(1.0f - pan * pan));
    played.play();
  }

  void stop(std::size_t voice) override { voices_[voice].stop(); }

  bool playing(std::size_t voice) const override {
    return voices_[voice].getStatus() != sf::Sound::Stopped;
  }

 private:
  std::vector<sf::SoundBuffer> buffers_;
  std::vector<sf::Sound> voices_;
};

}  // namespace

// The first buffer is made with SFML's error stream caught, as SFML says "Failed to open the
// audio device" there (and a dozen OpenAL errors after it) when there is none; no sf::Sound is
// made then either, as SFML would complain at each.
std::unique_ptr<Speakers> Speakers::open(const std::vector<std::vector<std::int16_t>>& sounds,
                                         std::size_t voices) {
  std::vector<sf::SoundBuffer> buffers(sounds.size());
  std::ostringstream said;
  std::streambuf* const previous = sf::err().rdbuf(said.rdbuf());
  buffers.front().loadFromSamples(sounds.front().data(), sounds.front().size(), 1,
                                  kSynthSampleRate);
  sf::err().rdbuf(previous);
  if (said.str().find("audio device") != std::string::npos) {
    return nullptr;
  }
  for (std::size_t i = 1; i < sounds.size(); ++i) {
    buffers[i].loadFromSamples(sounds[i].data(), sounds[i].size(), 1, kSynthSampleRate);
  }
  return std::make_unique<SfmlSpeakers>(std::move(buffers), voices);
}

}  // namespace coyote
