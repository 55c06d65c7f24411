#include "sim/bodies/joint_step.h"

#include <algorithm>
#include <bitset>
#include <cmath>

#include "sim/bodies/crate_activity.h"
#include "sim/bodies/crate_launch.h"
#include "sim/bodies/crate_step.h"
#include "sim/collision/obstacle_set.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

/// A sleeping crate wakes when its awake partner would pull it by more than this (tiles).
constexpr float kWakeSlop = 0.005f;
/// A reversing rail motor turns back this close to a limit (tiles).
constexpr float kLimitReached = 0.01f;

float lengthOf(Vec2 a) {
  return std::sqrt(dot(a, a));
}

Vec2 jointCentre(const Crate& crate, const CrateDefinition& definition) {
  return crate.position + definition.size * 0.5f;
}

/// One end of a joint this step: a crate (movable unless asleep) or an immovable point.
struct End {
  Crate* crate = nullptr;
  Vec2 point;                ///< where the joint pulls, now
  float inverseMass = 0.0f;  ///< 0: immovable (the world, a platform, a sleeping crate)
  bool present = false;      ///< false: a crate that is away (the joint waits for it)

  Vec2 velocity() const { return crate != nullptr ? crate->velocity : Vec2{}; }
  /// Where the point will be at the end of the step at the current velocity.
  Vec2 predicted(float dt) const { return point + velocity() * dt; }
  void push(Vec2 deltaVelocity) const {
    if (crate != nullptr && inverseMass > 0.0f) {
      crate->velocity = crate->velocity + deltaVelocity * inverseMass;
    }
  }
};

/// Both ends of a joint.
struct Ends {
  End body;
  End to;

  float inverseMass() const { return body.inverseMass + to.inverseMass; }
};

/// The pull a rigid joint needs on `d` (body's predicted point − the other's): zero when kept.
Vec2 rigidError(const JointDefinition& joint, Vec2 d) {
  switch (joint.kind) {
    case JointKind::Rope: {
      const float length = lengthOf(d);
      return length > joint.length ? d * ((length - joint.length) / length) : Vec2{};
    }
    case JointKind::Weld:
      return d - joint.offset;
    case JointKind::Rail: {
      const Vec2 e = d - joint.offset;
      const float along = dot(e, joint.axis);
      return e - joint.axis * std::clamp(along, joint.lower, joint.upper);
    }
    case JointKind::Spring:
      break;
  }
  return {};
}

class JointSolver {
 public:
  JointSolver(WorldState& state, const ActiveCharacters& active, const Level& level,
              const StepParameters& parameters, JointLinks& links, EventBatch* events)
      : state_(state),
        active_(active),
        level_(level),
        parameters_(parameters),
        links_(links),
        events_(events) {}

  void run() {
    const std::size_t count = joints();
    for (std::size_t i = 0; i < count; ++i) {
      impulses_[i] = {};
      live_[i] = isLive(i);
      solved_[i] = false;
    }
    wakePulledSleepers(count);
    wakeRiddenSleepers();
    // From here on no crate wakes or moves (only velocities change): each end is resolved once.
    for (std::size_t i = 0; i < count; ++i) {
      if (live_[i]) {
        ends_[i] = {bodyEnd(i), toEnd(i)};
      }
    }
    launchHeldCrates(count);
    bearLoads();
    for (std::size_t i = 0; i < count; ++i) {
      if (live_[i] && movable(i)) {
        applySoftForces(i);
      }
    }
    for (int pass = 0; pass < kJointIterations; ++pass) {
      for (std::size_t i = 0; i < count; ++i) {
        if (live_[i] && movable(i)) {
          solveRigid(i);
        }
      }
    }
    finish(count);
  }

 private:
  std::size_t joints() const {
    return level_.joints.size() < state_.joints.size() ? level_.joints.size()
                                                       : state_.joints.size();
  }

  Crate* crateOf(BodyId id) const {
    return crateDefinition(level_, id) != nullptr ? findCrate(state_, level_, id) : nullptr;
  }

  End crateEnd(BodyId id, Vec2 offset) const {
    End end;
    end.crate = crateOf(id);
    if (end.crate != nullptr) {
      const CrateDefinition& definition = *crateDefinition(level_, id);
      end.point = jointCentre(*end.crate, definition) + offset;
      end.inverseMass = end.crate->asleep ? 0.0f : 1.0f / definition.mass;
      end.present = true;
    }
    return end;
  }

  End bodyEnd(std::size_t i) const { return crateEnd(level_.joints[i].body, {}); }

  End toEnd(std::size_t i) const {
    const JointDefinition& joint = level_.joints[i];
    if (joint.to == kNoBody) {
      return End{nullptr, joint.anchor, 0.0f, true};
    }
    if (isPlatformId(joint.to)) {
      const bool known = platformDefinition(level_, joint.to) != nullptr;
      const Vec2 at = state_.platforms[static_cast<std::size_t>(joint.to)].position;
      return End{nullptr, at + joint.anchor, 0.0f, known};
    }
    return crateEnd(joint.to, joint.anchor);
  }

  bool isLive(std::size_t i) {
    const Joint& joint = state_.joints[i];
    const JointDefinition& definition = level_.joints[i];
    if (joint.active && joint.broken && !definition.collide && stillInEachOther(definition)) {
      links_.ignore(definition.body, definition.to);
    }
    if (!joint.active || joint.broken || !bodyEnd(i).present || !toEnd(i).present) {
      return false;
    }
    if (!definition.collide) {
      links_.ignore(definition.body, definition.to);
    }
    held_.set(static_cast<std::size_t>(definition.body - kCrateIdBase));
    if (isCrateId(definition.to)) {
      held_.set(static_cast<std::size_t>(definition.to - kCrateIdBase));
    }
    return true;
  }

  /// Two crates a joint without `collide` held overlap: once it breaks they go on passing through
  /// each other until they are apart (never pushed out of each other at once).
  bool stillInEachOther(const JointDefinition& joint) const {
    const Crate* body = crateOf(joint.body);
    const Crate* to = isCrateId(joint.to) ? crateOf(joint.to) : nullptr;
    if (body == nullptr || to == nullptr) {
      return false;
    }
    return overlapsBeyondSkin(crateBox(*body, *crateDefinition(level_, joint.body)),
                              crateBox(*to, *crateDefinition(level_, joint.to)));
  }

  /// A player on a sleeping held crate wakes it: its weight is news to the joints (a crate resting
  /// on one is not: they sleep together).
  void wakeRiddenSleepers() {
    for (const std::uint8_t slot : active_) {
      const Character& character = state_.characters[slot];
      if (!character.grounded || !isCrateId(character.support) ||
          !held_.test(static_cast<std::size_t>(character.support - kCrateIdBase))) {
        continue;
      }
      if (Crate* crate = crateOf(character.support); crate != nullptr && crate->asleep) {
        wakeCrate(state_, *crate, events_);
      }
    }
  }

  /// A sleeping crate wakes when its awake partner moves, or would pull it by more than kWakeSlop
  /// (judged at the velocities the step started with, so two crates at rest let each other sleep).
  void wakePulledSleepers(std::size_t count) {
    const float dt = parameters_.dt;
    const float sleepSpeed = parameters_.config.sleepSpeed;
    for (std::size_t i = 0; i < count; ++i) {
      const End body = bodyEnd(i);
      const End to = toEnd(i);
      if (!live_[i] || body.crate == nullptr || to.crate == nullptr ||
          body.crate->asleep == to.crate->asleep) {
        continue;
      }
      const End& awake = body.crate->asleep ? to : body;
      Crate& sleeper = body.crate->asleep ? *body.crate : *to.crate;
      const Vec2 v = awake.velocity();
      const bool moving = absOf(v.x) > sleepSpeed || absOf(v.y) > sleepSpeed;
      const Vec2 error = rigidError(level_.joints[i], body.predicted(dt) - to.predicted(dt));
      if (moving || absOf(error.x) > kWakeSlop || absOf(error.y) > kWakeSlop) {
        wakeCrate(state_, sleeper, events_);
      }
    }
  }

  void launch(const End& end) {
    if (end.crate == nullptr || end.crate->asleep) {
      return;
    }
    const auto index = static_cast<std::size_t>(end.crate->id - kCrateIdBase);
    if (!links_.launched(index)) {
      end.crate->velocity = launchAtOnce(*end.crate, level_, parameters_);
      links_.markLaunched(index);
    }
  }

  void launchHeldCrates(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      if (live_[i]) {
        launch(ends_[i].body);
        launch(ends_[i].to);
      }
    }
  }

  /// What stands on a held crate weighs on it (a bridge breaks under a player, a spring board
  /// dips): each character (physics.mass × gravity) and each crate (its mass × its gravity)
  /// resting on it adds its weight to the crate's launch. Only held crates: a crate on the floor
  /// has nowhere to go.
  void bearLoads() {
    const PhysicsConfig& config = parameters_.config;
    const float dt = parameters_.dt;
    for (const std::uint8_t slot : active_) {
      const Character& character = state_.characters[slot];
      if (character.grounded) {
        bear(character.support, config.mass * config.gravity * dt);
      }
    }
    const float crateGravity = config.gravity * config.fallGravityMultiplier;
    for (const Crate& crate : levelCrates(state_, level_)) {
      const CrateDefinition* definition = crateDefinition(level_, crate.id);
      if (crate.present() && crate.grounded && definition != nullptr) {
        bear(crate.support, definition->mass * crateGravity * dt);
      }
    }
  }

  void bear(BodyId support, float impulse) {
    const CrateDefinition* definition = crateDefinition(level_, support);
    Crate* crate = crateOf(support);
    const auto index = static_cast<std::size_t>(support - kCrateIdBase);
    if (crate != nullptr && links_.launched(index)) {
      crate->velocity.y += impulse / definition->mass;
    }
  }

  /// Applies an impulse (mass·tiles/s) pulling the body end by `impulse` and the other by its
  /// opposite, and counts it toward the joint's force.
  void apply(std::size_t i, const End& body, const End& to, Vec2 impulse) {
    body.push(impulse);
    to.push(impulse * -1.0f);
    impulses_[i] = impulses_[i] + impulse;
  }

  /// Whether at least one end of joint `i` can move (else nothing solves it this step).
  bool movable(std::size_t i) {
    const bool any = ends_[i].inverseMass() > 0.0f;
    solved_[i] = solved_[i] || any;
    return any;
  }

  void applySoftForces(std::size_t i) {
    const JointDefinition& joint = level_.joints[i];
    const auto& [body, to] = ends_[i];
    if (joint.kind == JointKind::Spring) {
      applySpring(i, body, to, ends_[i].inverseMass());
    } else if (joint.kind == JointKind::Rail) {
      applyRailDrive(i, body, to, ends_[i].inverseMass());
    }
  }

  /// Hooke and a dashpot along the spring, explicit (symplectic Euler with the crate's move), with
  /// the stiffness and damping capped at what one step can integrate stably: k ≤ m/dt², c ≤ m/dt.
  void applySpring(std::size_t i, const End& body, const End& to, float inverseMass) {
    const JointDefinition& joint = level_.joints[i];
    const float dt = parameters_.dt;
    const Vec2 d = body.point - to.point;
    const float length = lengthOf(d);
    if (length == 0.0f) {
      return;
    }
    const Vec2 n = d * (1.0f / length);
    const float mass = 1.0f / inverseMass;
    const float stiffness = joint.stiffness < mass / (dt * dt) ? joint.stiffness : mass / (dt * dt);
    const float damping = joint.damping < mass / dt ? joint.damping : mass / dt;
    const float closing = dot(body.velocity() - to.velocity(), n);
    const float force = -(stiffness * (length - joint.length) + damping * closing);
    apply(i, body, to, n * (force * dt));
  }

  /// A rail's friction (`damping` along the axis, never reversing the motion) and its motor: a
  /// velocity servo toward `motor_speed` (or toward the target, slowing as it nears it) whose
  /// impulse is capped by `max_force`. It sees the velocity with this step's gravity in it, so a
  /// lift holds its load without sagging.
  void applyRailDrive(std::size_t i, const End& body, const End& to, float inverseMass) {
    const JointDefinition& joint = level_.joints[i];
    const float dt = parameters_.dt;
    const float along = dot(body.velocity() - to.velocity(), joint.axis);
    if (joint.damping > 0.0f) {
      const float stop = along / inverseMass;
      const float brake = joint.damping * along * dt;
      apply(i, body, to, joint.axis * -(absOf(brake) < absOf(stop) ? brake : stop));
    }
    if (joint.motorSpeed == 0.0f) {
      return;
    }
    const float position = dot(body.point - to.point - joint.offset, joint.axis);
    float wanted = joint.reverse ? reversingSpeed(i, position) : joint.motorSpeed;
    if (joint.hasTarget) {
      const float gain =
          joint.stiffness > 0.0f && joint.stiffness < 1.0f / dt ? joint.stiffness : 1.0f / dt;
      const float limit = absOf(joint.motorSpeed);
      wanted = std::clamp(gain * (joint.motorTarget - position), -limit, limit);
    }
    const float current = dot(body.velocity() - to.velocity(), joint.axis);
    float impulse = (wanted - current) / inverseMass;
    if (joint.maxForce > 0.0f) {
      impulse = std::clamp(impulse, -joint.maxForce * dt, joint.maxForce * dt);
    }
    apply(i, body, to, joint.axis * impulse);
  }

  /// A reversing motor's speed: up the axis until the upper limit, then back to the lower one.
  float reversingSpeed(std::size_t i, float position) {
    const JointDefinition& joint = level_.joints[i];
    Joint& state = state_.joints[i];
    const float speed = absOf(joint.motorSpeed);
    if (!state.reversed && position >= joint.upper - kLimitReached) {
      state.reversed = true;
    } else if (state.reversed && position <= joint.lower + kLimitReached) {
      state.reversed = false;
    }
    return state.reversed ? -speed : speed;
  }

  /// One Gauss-Seidel pass of a rope, weld or rail: the velocity change that puts the predicted
  /// ends where the joint allows, shared by inverse mass.
  void solveRigid(std::size_t i) {
    const float dt = parameters_.dt;
    const auto& [body, to] = ends_[i];
    const float inverseMass = ends_[i].inverseMass();
    const Vec2 error = rigidError(level_.joints[i], body.predicted(dt) - to.predicted(dt));
    if (error.x != 0.0f || error.y != 0.0f) {
      apply(i, body, to, error * (-1.0f / (dt * inverseMass)));
    }
  }

  /// Records each joint's force, breaks those over their threshold, and keeps the held crates
  /// within the speed cap (their move is swept at that speed).
  void finish(std::size_t count) {
    const float dt = parameters_.dt;
    for (std::size_t i = 0; i < count; ++i) {
      Joint& joint = state_.joints[i];
      const JointDefinition& definition = level_.joints[i];
      if (!live_[i]) {
        joint.force = 0.0f;
      } else if (solved_[i]) {  // a joint between sleepers still carries what it last did
        joint.force = lengthOf(impulses_[i]) / dt;
      }
      if (live_[i] && definition.breakForce > 0.0f && joint.force > definition.breakForce) {
        joint.broken = true;
        if (events_ != nullptr) {
          events_->emit(definition.body, EventKind::JointBroken, joint.force);
        }
      }
    }
    const float cap = parameters_.config.maxBodySpeed;
    for (std::size_t index = 0; index < level_.crates.size() && index < kMaxCrates; ++index) {
      if (links_.launched(index)) {
        Crate* crate = crateOf(static_cast<BodyId>(kCrateIdBase + static_cast<BodyId>(index)));
        crate->velocity = {std::clamp(crate->velocity.x, -cap, cap),
                           std::clamp(crate->velocity.y, -cap, cap)};
      }
    }
  }

  WorldState& state_;
  const ActiveCharacters& active_;
  const Level& level_;
  const StepParameters& parameters_;
  JointLinks& links_;
  EventBatch* events_;
  std::array<Vec2, kMaxJoints> impulses_{};  ///< mass·tiles/s each joint gave this step
  std::array<bool, kMaxJoints> live_{};
  std::array<Ends, kMaxJoints> ends_{};    ///< each live joint's ends, once no crate wakes any more
  std::array<bool, kMaxJoints> solved_{};  ///< at least one end could move
  std::bitset<kMaxCrates> held_;           ///< crates (level index) a live joint holds
};

}  // namespace

void stepJoints(WorldState& state, const ActiveCharacters& active, const Level& level,
                const StepParameters& parameters, JointLinks& links, EventBatch* events) {
  if (level.joints.empty()) {
    return;
  }
  links.clear();
  JointSolver(state, active, level, parameters, links, events).run();
}

bool jointEnds(const WorldState& state, const Level& level, std::size_t index, Vec2& body,
               Vec2& to) {
  if (index >= level.joints.size() || index >= state.joints.size()) {
    return false;
  }
  const JointDefinition& joint = level.joints[index];
  const Crate* crate = findCrate(state, level, joint.body);
  if (crate == nullptr) {
    return false;
  }
  body = jointCentre(*crate, *crateDefinition(level, joint.body));
  if (joint.to == kNoBody) {
    to = joint.anchor;
    return true;
  }
  if (platformDefinition(level, joint.to) != nullptr) {
    to = state.platforms[static_cast<std::size_t>(joint.to)].position + joint.anchor;
    return true;
  }
  const Crate* other = findCrate(state, level, joint.to);
  if (other == nullptr) {
    return false;
  }
  to = jointCentre(*other, *crateDefinition(level, joint.to)) + joint.anchor;
  return true;
}

}  // namespace coyote
