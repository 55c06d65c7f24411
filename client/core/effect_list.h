#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/step_events.h"
#include "sim/state/world_state.h"

namespace coyote {

/// What a player sees of an event (rollback-aware presentation).
enum class EffectKind : std::uint8_t {
  Dust,    ///< landed: at the feet
  Splash,  ///< entered or left water
  Flash,   ///< checkpoint activated: over the checkpoint
  Puff,    ///< dashed
  Thud,    ///< crate impact: under the crate
  Snap,    ///< joint broken: sparks from the crate it held
  Hop,     ///< jumped: a small puff under the feet
  Hazard,  ///< touched a hazard: red sparks where the character was
  Return,  ///< respawned: a ring closing on the character
};

/// The effect an event shows, if any (most events are not for the eye).
std::optional<EffectKind> effectFor(EventKind kind);

/// How long an effect lasts, in ticks.
std::uint32_t effectTicks(EffectKind kind);

/// An event as the client knows it: the same on every simulation of its tick.
struct EffectKey {
  std::uint32_t tick = 0;
  BodyId body = kNoBody;
  EventKind event = EventKind::Landed;

  friend bool operator==(const EffectKey&, const EffectKey&) = default;
};

struct Effect {
  EffectKey key;
  EffectKind kind = EffectKind::Dust;
  Vec2 position;              ///< tiles, where it shows
  float value = 0.0f;         ///< the event's value (a landing's impact speed, a JumpKind)
  std::uint32_t endTick = 0;  ///< gone from this tick on (sooner once cut)
  bool cut = false;           ///< its event vanished in a correction: it fades out early

  /// 0 at its tick, 1 when it ends (an effect's age comes from its tick, so re-simulating the
  /// tick never restarts it). `renderTick` is the tick shown, with its fraction.
  float progress(double renderTick) const;
  bool over(double renderTick) const { return renderTick >= static_cast<double>(endTick); }
  /// How visible it is, 1 to 0: it fades with its progress, and faster once cut.
  float opacity(double renderTick) const;
};

/// The effects on screen, keyed by (tick, body, event) so that a client that predicts and rolls
/// back shows each event once (GGPO's lesson for sounds and particles):
/// - a tick simulated again after a rollback with the same event leaves its effect alone — it
///   is not played twice, and one confirmed later is not replayed;
/// - an effect whose event is not in the new simulation of its tick is cut short (fades out over
///   kCutTicks);
/// - an event that appears only in the new simulation starts its effect then.
/// No clock and no SFML: time is the tick being shown.
class EffectList {
 public:
  static constexpr std::uint32_t kCutTicks = 4;
  /// At most this many effects are kept (the oldest go first): a flood of events costs nothing.
  static constexpr std::size_t kMaxEffects = 512;

  /// One simulation of `tick` (its first prediction, a re-simulation, or its confirmation)
  /// produced `events` and left `after`; `present` is the newest tick shown (a cut fades from it).
  void simulated(std::uint32_t tick, std::span<const StepEvent> events, const WorldState& after,
                 const Level& level, const PhysicsConfig& config, std::uint32_t present);

  /// Forgets the effects that are over by `present` and whose tick is at or before `confirmed`
  /// (never simulated again, so their keys are no longer needed).
  void forget(std::uint32_t confirmed, std::uint32_t present);

  std::span<const Effect> effects() const { return effects_; }
  std::uint64_t started() const { return started_; }
  std::uint64_t cutShort() const { return cutShort_; }

 private:
  Effect* find(const EffectKey& key);
  void start(const EffectKey& key, EffectKind kind, Vec2 position, float value);

  std::vector<Effect> effects_;
  std::uint64_t started_ = 0;
  std::uint64_t cutShort_ = 0;
};

/// Where an event shows: a character's feet or middle, a crate's bottom, a checkpoint's middle;
/// nullopt for a body the state does not have.
std::optional<Vec2> effectPosition(const StepEvent& event, EffectKind kind, const WorldState& after,
                                   const Level& level, const PhysicsConfig& config);

}  // namespace coyote
