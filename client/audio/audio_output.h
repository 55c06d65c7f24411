#pragma once

#include <memory>
#include <vector>

#include <spdlog/logger.h>

#include "client/audio/sound_cues.h"
#include "client/audio/speakers.h"

namespace coyote {

/// Where a sound sits for the listener: left–right pan and a gain for its distance.
struct Placement {
  float pan = 0.0f;   ///< -1 left … +1 right
  float gain = 1.0f;  ///< 1 on screen, falling to 0 at kSilentDistance tiles from its edge
};

/// Who hears: the view the player sees, in tiles.
struct Listener {
  Vec2 centre;
  Vec2 halfSize{10.0f, 7.5f};  ///< 320 × 240 pixels of 16-pixel tiles
};

/// A sound at `position` (tiles) heard from `listener`: panned by how far it is across the view
/// (full pan at the view's edge), fading beyond the view to silence.
Placement placeSound(Vec2 position, const Listener& listener);
inline constexpr float kSilentDistance = 24.0f;

/// The volumes of client.toml's [audio], 0–100.
struct Volumes {
  int master = 80;
  int effects = 100;
};

/// The speakers: the sound bank synthesised at start into the device (speakers.h), and a pool of
/// voices that play the cues' commands. With no audio device (CI, a server, a container) it says so
/// once in the log and every call does nothing, so the game plays on silently.
class AudioOutput {
 public:
  static constexpr std::size_t kVoices = 24;  ///< sounds at once; the oldest gives way

  /// Opens the default device and synthesises the sounds (about 10 ms).
  explicit AudioOutput(std::shared_ptr<spdlog::logger> log);

  bool available() const { return available_; }
  void setVolumes(Volumes volumes);
  /// Plays or stops as told, placing each sound for `listener`.
  void apply(const std::vector<SoundCommand>& commands, const Listener& listener);
  /// Sounds started since the start (tests and the debug overlay).
  std::uint64_t started() const { return started_; }

 private:
  /// What a voice of the device plays, for the commands that stop it.
  struct Voice {
    EffectKey key;
    std::uint64_t order = 0;  ///< when it started: the oldest is taken first
  };
  std::size_t freeVoice();
  void play(const SoundCommand& command, const Listener& listener);

  std::shared_ptr<spdlog::logger> log_;
  bool available_ = false;
  float effectsVolume_ = 1.0f;
  std::unique_ptr<Speakers> speakers_;  ///< none without a device
  std::vector<Voice> voices_;           ///< kVoices, when there is a device
  std::uint64_t started_ = 0;
};

}  // namespace coyote
