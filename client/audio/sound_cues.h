#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "client/audio/sound_bank.h"
#include "client/core/effect_list.h"

namespace coyote {

/// What the game shows this frame, as far as its sounds care.
struct CueFrame {
  int localSlot = -1;           ///< the player's own character (-1: a spectator, a replay)
  std::uint32_t confirmed = 0;  ///< the newest tick the server confirmed
  std::uint32_t present = 0;    ///< the newest tick simulated (the prediction)
};

/// One thing for the speakers to do.
struct SoundCommand {
  enum class Action : std::uint8_t { Play, Stop };
  Action action = Action::Play;
  EffectKey key;  ///< the event: a Stop names the Play it ends
  SoundId sound = SoundId::Jump;
  Vec2 position;          ///< tiles
  float loudness = 1.0f;  ///< 0–1, before the volumes and the distance
};

/// The sound that an effect makes, if any: jumps by their kind, water by its direction.
std::optional<SoundId> soundFor(const Effect& effect);
/// How loud an effect is: a landing by its impact speed (a hop is soft, a long fall loud), a
/// crate's impact likewise; everything else 1.
float loudnessOf(const Effect& effect);

/// Turns the rollback-aware EffectList into sounds (GGPO's rule for audio), without any device:
/// - your own character's predicted actions sound at once;
/// - another player's, a crate's or a checkpoint's sound once its tick is confirmed, or sooner
///   when it is predicted with confidence: at most kConfidentTicks ahead of the confirmed tick,
///   so a misprediction is known within 2 ticks;
/// - a sound whose event a correction removed within kStopTicks of its start is stopped; one
///   removed later has mostly been heard and ends by itself;
/// - no event ever sounds twice (a re-simulation, a confirmation, an event cut and back).
/// Events older than kStaleTicks when first allowed (a join, a long stall) stay silent.
class SoundCues {
 public:
  static constexpr std::uint32_t kConfidentTicks = 2;
  static constexpr std::uint32_t kStopTicks = 2;
  static constexpr std::uint32_t kStaleTicks = 30;

  /// The commands this frame calls for, in the effects' order.
  std::vector<SoundCommand> update(const EffectList& effects, const CueFrame& frame);

  /// Forgets what was heard: a new game or a new level starts its ticks again.
  void reset() { heard_.clear(); }

  std::uint64_t played() const { return played_; }
  std::uint64_t stopped() const { return stopped_; }

 private:
  struct Heard {
    EffectKey key;
    std::uint32_t startedAt = 0;  ///< the present tick when it started (0: never played)
    bool playing = false;         ///< started and not stopped
  };
  Heard* find(const EffectKey& key);
  bool allowed(const Effect& effect, const CueFrame& frame) const;
  void forgetOld(const EffectList& effects, std::uint32_t confirmed);

  std::vector<Heard> heard_;
  std::uint64_t played_ = 0;
  std::uint64_t stopped_ = 0;
};

}  // namespace coyote
