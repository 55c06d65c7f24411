#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace coyote {

/// The sound device: the synthesised sounds loaded once, played on numbered voices, each with a
/// volume and a pan. SFML Audio (OpenAL) on Linux (speakers_sfml.cpp); on Windows the system's
/// own waveOut, mixed here (speakers_waveout.cpp), as OpenAL Soft is not built there.
class Speakers {
 public:
  virtual ~Speakers() = default;

  /// The default device, loaded with `sounds` (16-bit mono at kSynthSampleRate), with `voices`
  /// voices; nullptr when there is no device (CI, a container), which the caller reports.
  static std::unique_ptr<Speakers> open(const std::vector<std::vector<std::int16_t>>& sounds,
                                        std::size_t voices);

  /// Every voice's loudness is multiplied by `volume` (0–1).
  virtual void setMasterVolume(float volume) = 0;
  /// Plays `sound` on `voice` from its start, at `volume` (0–1), panned by `pan` (-1 left … +1
  /// right); whatever the voice played stops.
  virtual void play(std::size_t voice, std::size_t sound, float volume, float pan) = 0;
  virtual void stop(std::size_t voice) = 0;
  virtual bool playing(std::size_t voice) const = 0;
};

}  // namespace coyote
