#include "sim/character/character_step.h"

#include <cmath>

#include "sim/collision/corner_correction.h"
#include "sim/collision/obstacle_set.h"
#include "sim/collision/slope.h"
#include "sim/collision/step_up.h"
#include "sim/collision/sweep.h"
#include "sim/collision/water.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

constexpr float kInvSqrt2 = 0.70710678118654752f;

/// This tick's input as the step reads it: axes after the dead zone, edges from last tick.
struct StepInput {
  float moveX = 0.0f;
  float moveY = 0.0f;
  bool jumpPressed = false;
  bool jumpReleased = false;
  bool dashPressed = false;
  bool downHeld = false;
};

/// What one step learns in one phase and needs in a later one.
struct StepScratch {
  bool dashing = false;
  bool droppingThrough = false;
  bool wasGrounded = false;
  bool bounced = false;  ///< left the ground this step off a springy surface
  bool jumped = false;   ///< a jump (ground, coyote, wall, air, out of water) fired
  JumpKind jumpKind = JumpKind::Ground;
  bool dashStarted = false;
  bool walking = false;  ///< isWalking, once the velocity of this step is known
};

int signOf(float value) {
  return (value > 0.0f) - (value < 0.0f);
}
float approach(float value, float target, float maxDelta) {
  if (value < target) {
    return value + maxDelta < target ? value + maxDelta : target;
  }
  return value - maxDelta > target ? value - maxDelta : target;
}

std::int32_t countUp(std::int32_t ticks) {
  return ticks < kTicksNever ? ticks + 1 : kTicksNever;
}

StepInput readInput(const Character& character, PlayerInput input) {
  const std::uint8_t now = input.buttons;
  const std::uint8_t before = character.previousButtons;
  StepInput read;
  read.moveX = axisAfterDeadZone(input.moveX);
  read.moveY = axisAfterDeadZone(input.moveY);
  // Edges as bit arithmetic, not && chains: a random input would mispredict each branch.
  const unsigned pressed = now & ~before;
  const unsigned released = before & ~now;
  read.jumpPressed = (pressed & kButtonJump) != 0;
  read.jumpReleased = (released & kButtonJump) != 0;
  read.dashPressed = (pressed & kButtonDash) != 0;
  read.downHeld = (now & kButtonDown) != 0;
  return read;
}

bool spendBudget(std::int32_t& remaining) {
  if (remaining == 0) {
    return false;
  }
  if (remaining > 0) {
    --remaining;
  }
  return true;
}

// True when everything under the box's feet is one-way: down + jump drops through it.
bool standsOnOneWayOnly(const Aabb& box, const Level& level) {
  const int row = floorToInt(box.bottom() + kSkin);
  bool anyOneWay = false;
  const int first = floorToInt(box.left() + kSkin);
  const int last = floorToInt(box.right() - kSkin);
  for (int column = first; column <= last; ++column) {
    const TileType tile = level.tileAt(column, row);
    if (tile == TileType::OneWay) {
      anyOneWay = true;
    } else if (tile != TileType::Empty && tile != TileType::Water && tile != TileType::Hazard) {
      return false;
    }
  }
  return anyOneWay;
}

// ---- The phases of docs/simulation.md#the-character-step, in order ------------------------------

void updateFacing(Character& character, const StepInput& input) {
  if (input.moveX != 0.0f) {
    character.facing = static_cast<std::int8_t>(signOf(input.moveX));
  }
}

void advanceTimers(Character& character, const StepInput& input) {
  // 0 on the ground, counting up in the air, by a product rather than a branch on `grounded`.
  character.ticksSinceGrounded =
      countUp(character.ticksSinceGrounded) * static_cast<std::int32_t>(!character.grounded);
  character.ticksSinceJumpPressed =
      input.jumpPressed ? 0 : countUp(character.ticksSinceJumpPressed);
  if (character.wallJumpLockTicks > 0) {
    --character.wallJumpLockTicks;
  }
}

// Starts a dash on the press edge or continues the one in progress; true while dashing.
bool startOrContinueDash(Character& character, const StepInput& input,
                         const StepParameters& parameters, StepScratch& scratch) {
  if (input.dashPressed && !character.dashing() && character.dashAvailable &&
      spendBudget(character.dashesRemaining)) {
    scratch.dashStarted = true;
    const int dirX = signOf(input.moveX);
    const int dirY = signOf(input.moveY);
    // Normalized so a diagonal dash is not √2 faster than a straight one.
    const float scale = (dirX != 0 && dirY != 0) ? kInvSqrt2 : 1.0f;
    character.dashDirection =
        (dirX == 0 && dirY == 0)
            ? Vec2{static_cast<float>(character.facing), 0.0f}
            : Vec2{static_cast<float>(dirX) * scale, static_cast<float>(dirY) * scale};
    character.dashTicksLeft = parameters.dashTicks;
    character.dashAvailable = false;
  }
  if (!character.dashing()) {
    return false;
  }
  const float speed = parameters.config.dashSpeed;
  character.velocity = character.dashDirection * speed;
  --character.dashTicksLeft;
  return true;
}

void applyJump(Character& character, StepScratch& scratch, JumpKind kind, float vx, float vy) {
  scratch.jumped = true;
  scratch.jumpKind = kind;
  character.velocity = {vx, vy};
  character.ticksSinceJumpPressed = kTicksNever;  // the press is used up
  character.ticksSinceGrounded = kTicksNever;     // and so is the coyote window
}

// Jump sources in priority: ground or coyote, wall, air jump. A press is remembered for the
// jump buffer, so a press just before landing fires on the landing tick.
void tryJump(Character& character, const StepInput& input, const Level& level,
             const StepParameters& parameters, StepScratch& scratch) {
  const PhysicsConfig& config = parameters.config;
  if (character.ticksSinceJumpPressed > parameters.jumpBufferTicks) {
    return;
  }
  const PlatformDefinition* platform = platformDefinition(level, character.support);
  const bool onOneWayBody = platform != nullptr && platform->oneWay;
  if (input.downHeld && character.grounded &&
      (onOneWayBody || standsOnOneWayOnly(characterBox(character, config), level))) {
    scratch.droppingThrough = true;
    character.ticksSinceJumpPressed = kTicksNever;
    return;
  }
  const bool fromGround = character.ticksSinceGrounded <= parameters.coyoteTicks;
  const bool fromWall = !fromGround && character.wallDirection != 0;
  const bool fromAir = !fromGround && !fromWall && character.airJumpsLeft > 0;
  if (!(fromGround || fromWall || fromAir) || !spendBudget(character.jumpsRemaining)) {
    return;
  }
  if (fromWall) {
    applyJump(character, scratch, JumpKind::Wall,
              static_cast<float>(-character.wallDirection) * config.wallJumpSpeedX,
              -config.wallJumpSpeedY);
    // Without the lock, a player still holding toward the wall cancels the push at once.
    character.wallJumpLockTicks = parameters.wallJumpLockTicks;
    return;
  }
  if (fromAir) {
    --character.airJumpsLeft;
  }
  applyJump(character, scratch, fromAir ? JumpKind::Air : JumpKind::Ground, character.velocity.x,
            -config.jumpSpeed);
}

void cutJumpOnRelease(Character& character, const StepInput& input,
                      const StepParameters& parameters) {
  if (input.jumpReleased && character.velocity.y < 0.0f) {
    character.velocity.y *= parameters.config.jumpCutFactor;
  }
}

void updateHorizontalVelocity(Character& character, const StepInput& input, const Level& level,
                              const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  const float move = character.wallJumpLockTicks > 0 ? 0.0f : input.moveX;
  float& vx = character.velocity.x;
  if (character.grounded) {
    const float target = move * config.maxRunSpeed;
    const bool speedingUp =
        signOf(target) * signOf(vx) >= 0 && magnitudeOf(target) > magnitudeOf(vx);
    // The surface's friction scales braking: on ice a character slides on
    // (docs/simulation.md#materials). The box and its support are still those the step started
    // with.
    const float friction =
        groundMaterial(characterBox(character, config), character.support, level).friction;
    const float decel = config.groundDecel * friction;
    vx = approach(vx, target, (speedingUp ? config.groundAccel : decel) * parameters.dt);
    return;
  }
  // In the air: no braking, and steering never raises |vx| above the run speed; speed above it
  // (from a wall jump or a dash) decays toward it instead of being cut.
  const float before = magnitudeOf(vx);  // only compared: a ±0 or a NaN never becomes the ceiling
  vx += move * config.airAccel * parameters.dt;
  const float ceiling = before > config.maxRunSpeed ? before : config.maxRunSpeed;
  if (magnitudeOf(vx) > ceiling) {
    vx = static_cast<float>(signOf(vx)) * ceiling;
  }
  if (magnitudeOf(vx) > config.maxRunSpeed) {
    vx = static_cast<float>(signOf(vx)) *
         approach(absOf(vx), config.maxRunSpeed, config.airAccel * parameters.dt);
  }
}

void applyGravityAndDrag(Character& character, const StepInput& input,
                         const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  float& vy = character.velocity.y;
  const bool falling = vy >= 0.0f;
  float gravity = config.gravity;
  if (falling) {
    gravity *= config.fallGravityMultiplier;
    if (input.downHeld) {
      gravity *= config.fastFallMultiplier;
    }
  }
  if (magnitudeOf(vy) < config.apexThreshold) {
    gravity *= config.apexGravityMultiplier;
  }
  if (falling) {
    // Linear drag makes terminal speed emerge at mass * gravity / drag, with no hard clamp.
    vy += (gravity - config.fallDragCoefficient * vy / config.mass) * parameters.dt;
  } else {
    vy += gravity * parameters.dt;
  }
}

void capWallSlide(Character& character, const StepParameters& parameters) {
  if (character.wallDirection != 0 && character.velocity.y > parameters.config.wallSlideSpeed) {
    character.velocity.y = parameters.config.wallSlideSpeed;
  }
}

// Swimming (docs/simulation.md#water): steering toward `swim_speed` on both axes, gravity less
// buoyancy, water drag, and a speed cap reached smoothly (a fall into water slows over a few
// ticks). A jump with the head out of the water leaves it at `jump_speed`; under water it is a
// stroke up. Air jumps and the dash refill in water, as on the ground.
void swim(Character& character, const StepInput& input, const StepParameters& parameters,
          float submerged, StepScratch& scratch) {
  const PhysicsConfig& config = parameters.config;
  const float dt = parameters.dt;
  float& vx = character.velocity.x;
  float& vy = character.velocity.y;
  vx = approach(vx, input.moveX * config.swimSpeed, config.swimAccel * dt);
  const float density = config.mass / (config.playerWidth * config.playerHeight);
  const float kick = input.moveY * config.swimAccel * submerged;
  vy += (buoyantGravity(config.gravity, submerged, density, config) + kick) * dt;
  vy = afterWaterDrag(vy, submerged, density, config, dt);
  if (magnitudeOf(vy) > config.swimSpeed) {
    vy = static_cast<float>(signOf(vy)) *
         approach(absOf(vy), config.swimSpeed, config.swimAccel * dt);
  }
  character.airJumpsLeft = config.airJumps;
  character.dashAvailable = true;
  if (character.ticksSinceJumpPressed > parameters.jumpBufferTicks) {
    return;
  }
  if (submerged < 1.0f && spendBudget(character.jumpsRemaining)) {
    applyJump(character, scratch, JumpKind::Ground, vx, -config.jumpSpeed);
  } else if (submerged >= 1.0f) {
    vy = -config.swimSpeed;
    character.ticksSinceJumpPressed = kTicksNever;
  }
}

/// The area this step's motion can reach: the sweep, the corner correction, the surfaces followed
/// and the wall probe after them read only the tiles and bodies in it. Beyond the swept box,
/// sideways: the widest corner nudge (px) and the wall probe's skin. Up and down, a little over a
/// tile, for the wall probe starts from where these leave the box: the corner correction lifts it
/// at most 8 px, slope following at most its height (< 1); ground snapping lowers it at most
/// `physics.ground_snap_distance` (≤ 1) and the slope it lands on at most kSlopeContactTolerance
/// more. A character in a crowd looks at the bodies of a box some 1 tile wide instead of 2.5.
Aabb stepReach(const Character& character, const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  const Vec2 delta = character.velocity * parameters.dt;
  const Aabb swept = sweptArea(characterBox(character, config), delta, 0.0f);
  const float sideways = parameters.reachSideways;
  constexpr float kUpAndDown = 1.0f + kSlopeContactTolerance + 2.0f * kSkin;
  return {{swept.left() - sideways, swept.top() - kUpAndDown},
          {swept.size.x + 2.0f * sideways, swept.size.y + 2.0f * kUpAndDown}};
}

/// What a step can run into: the tile types in its reach (a superset, from the level's 4 × 4
/// windows) and the bodies in it. A step in the open air, or on a floor with no slope near,
/// skips the phases that would look for what is not there.
struct InReach {
  TileTypeMask tiles = kEveryType;
  std::span<const Obstacle> bodies;

  bool nothing() const { return tiles == 0 && bodies.empty(); }
  bool mayHold(TileTypeMask types) const { return (tiles & types) != 0; }
};

InReach inReach(const Character& character, const Level& level, const StepParameters& parameters,
                const ObstacleSet* bodies, BodyId self, ObstacleBuffer& buffer) {
  const Aabb reach = stepReach(character, parameters);
  InReach found;
  found.tiles = level.typesIn(floorToInt(reach.left()), floorToInt(reach.right()),
                              floorToInt(reach.top()), floorToInt(reach.bottom()));
  if (bodies != nullptr) {
    found.bodies =
        bodies->nearby(reach, buffer, characterFilter(parameters.config.playersCollide), self);
  }
  return found;
}

/// A walking character: on the ground since last step and neither rising, dashing nor dropping
/// through. Its speed is measured along the ground, and it steps up ledges. (`&`, not `&&`: four
/// unpredictable branches cost more than the four values.)
bool isWalking(const Character& character, const StepScratch& scratch) {
  return scratch.wasGrounded & !scratch.dashing & !scratch.droppingThrough &
         (character.velocity.y >= 0.0f);
}

// The step's move (docs/simulation.md#speed-along-slopes): walking on a slope, vx is the speed
// along the surface, so the box moves vx · cos(incline) across and the slope follow lifts or the
// ground snap lowers it the rest of the way.
Vec2 stepMotion(const Character& character, const Level& level, const StepParameters& parameters,
                const StepScratch& scratch) {
  Vec2 delta = character.velocity * parameters.dt;
  if (character.onSlope && scratch.walking) {
    const float sine = inclineUnder(characterBox(character, parameters.config), level).sine;
    delta.x *= std::sqrt(1.0f - sine * sine);
  }
  return delta;
}

// The step's motion against tiles and bodies, then round a clipped corner
// (docs/simulation.md#corner-correction) or up a low ledge (docs/simulation.md#step-up).
SweepResult sweep(const Character& character, const Level& level, const StepParameters& parameters,
                  const StepScratch& scratch, const InReach& reach) {
  const Aabb box = characterBox(character, parameters.config);
  const Vec2 delta = stepMotion(character, level, parameters, scratch);
  if (reach.nothing()) {
    return sweepThroughNothing(box, delta);  // and nothing to correct round
  }
  const std::span<const Obstacle> bodies = reach.bodies;
  const OneWayRule oneWay{!scratch.droppingThrough, box.bottom()};
  const BlockedMotion motion{box, delta, oneWay, bodies,
                             sweepAabb(box, delta, level, oneWay, bodies)};
  if (scratch.walking) {
    return stepUp(motion, parameters.config.stepHeight, level);
  }
  const bool horizontalDash = scratch.dashing && character.dashDirection.y == 0.0f;
  return correctCorners(motion, horizontalDash, character.facing,
                        parameters.config.cornerCorrection, level);
}

// Beyond the walkable limit (docs/simulation.md#walkable-slopes) the box is pushed out of the
// surface sideways, downhill, to where the surface meets its feet, and keeps only the downhill
// part of its velocity along the surface: gravity slides it down, and running into the steep side
// stops it as a wall would. False when a wall stops the push (a steep side in a pit as narrow as
// the box): the box stands on the surface then.
bool slideDown(Character& character, const SurfaceContact& contact, Incline incline,
               const Level& level, const PhysicsConfig& config) {
  const Aabb box = characterBox(character, config);
  const float column = static_cast<float>(floorToInt(box.centerX()));
  const float localX = box.centerX() - column;
  // The surface's row: its height above the contact, rounded (the contact may be a cell's edge).
  const float row = static_cast<float>(
      floorToInt(contact.bottom - slopeSurfaceHeight(contact.tile, localX) + 0.5f));
  const float atFeet = surfaceXAtHeight(contact.tile, box.bottom() - row);
  const float push = column + atFeet - box.centerX();
  const SweepResult pushed = sweepAabb(box, Vec2{push, 0.0f}, level, OneWayRule{false, 0.0f});
  if (pushed.normalX != 0) {
    return false;
  }
  // Placed where the push aimed, not where adding it landed: a box pressed against a steep side
  // tick after tick comes back to the same place to the bit, instead of a float's last bit away.
  character.position.x = column + atFeet - box.size.x * 0.5f;
  // Along the surface where the box now meets it, not where its centre was: at a rounded tile's
  // vertical foot that is straight down, so a box pressed against the foot keeps no horizontal
  // speed (the floor then takes the rest), as against any wall. Measured before the push, a
  // walker stopped there kept 0.1 tiles/s away from the foot every tick, and jumped with it.
  const float sine = surfaceIncline(contact.tile, atFeet).sine;
  const Vec2 downhill{static_cast<float>(incline.downhill) * std::sqrt(1.0f - sine * sine), sine};
  const float along = character.velocity.x * downhill.x + character.velocity.y * downhill.y;
  character.velocity = along > 0.0f ? downhill * along : Vec2{0.0f, 0.0f};
  return true;
}

/// How steep the slope of `contact` is under the box's centre (flat for a floor or none).
Incline inclineOf(const SurfaceContact& contact, const Aabb& box) {
  const float centerX = box.centerX();
  return surfaceIncline(contact.tile, centerX - static_cast<float>(floorToInt(centerX)));
}

// Slope follow, then ground snap on descents (never while rising, dashing or dropping through).
SurfaceContact followSurfaces(Character& character, const SweepResult& swept, float startBottom,
                              const Level& level, const StepParameters& parameters,
                              const StepScratch& scratch, const InReach& reach) {
  if (character.velocity.y < 0.0f) {
    return {};
  }
  SurfaceContact contact;
  if (reach.mayHold(kFollowableTypes)) {
    contact = resolveSlopeFollow(swept.box, startBottom, level);
  }
  // Hysteresis: a character on the ground keeps it a few degrees steeper than one arriving.
  const float limit = scratch.wasGrounded ? parameters.staySine : parameters.arriveSine;
  if (contact.onSlope) {
    const Incline incline = inclineOf(contact, swept.box);
    if (incline.sine > limit && slideDown(character, contact, incline, level, parameters.config)) {
      return {};
    }
  }
  // Ground snapping sweeps the tiles alone: with none in reach it finds nothing.
  const bool mayStayGlued = scratch.wasGrounded && !scratch.dashing && !scratch.droppingThrough &&
                            swept.normalY >= 0 && reach.tiles != 0 &&
                            parameters.config.groundSnapDistance > 0.0f;
  if (!contact.found && mayStayGlued) {
    contact = findGroundBelow(swept.box, parameters.config.groundSnapDistance, level);
    if (contact.onSlope && inclineOf(contact, swept.box).sine > limit) {
      contact = {};  // not glued to a side too steep to stand on: the character leaves it
    }
  }
  if (contact.found) {
    character.position.y = contact.bottom - parameters.config.playerHeight;
    character.velocity.y = 0.0f;
  }
  return contact;
}

void zeroBlockedVelocity(Character& character, const SweepResult& swept, const Level& level,
                         const StepParameters& parameters, StepScratch& scratch) {
  if (swept.normalX != 0) {
    character.velocity.x = 0.0f;
  }
  if (swept.normalY < 0) {
    // Landing on a springy surface returns the fall at v · restitution (a slow one rests).
    const float restitution = groundMaterial(swept.box, swept.hitY, level).restitution;
    const float fall = character.velocity.y;
    scratch.bounced = restitution > 0.0f && fall > parameters.config.minBounceSpeed;
    character.velocity.y = scratch.bounced ? -fall * restitution : 0.0f;
  } else if (swept.normalY != 0) {
    character.velocity.y = 0.0f;
  }
  // A dash stops dead on whatever blocks it along its own direction.
  const bool dashBlocked = (swept.normalX != 0 && character.dashDirection.x != 0.0f) ||
                           (swept.normalY != 0 && character.dashDirection.y != 0.0f);
  if (scratch.dashing && dashBlocked) {
    character.dashTicksLeft = 0;
  }
}

void updateGrounded(Character& character, const SweepResult& swept, const SurfaceContact& contact,
                    const StepParameters& parameters, const StepScratch& scratch) {
  character.grounded = (swept.normalY < 0 && !scratch.bounced) || contact.found;
  character.support = character.grounded && !contact.found ? swept.hitY : kNoBody;
  character.onSlope = contact.found && contact.onSlope;
  if (character.grounded && !character.dashing()) {
    character.dashAvailable = true;
    character.airJumpsLeft = parameters.config.airJumps;
  }
}

void detectWallContact(Character& character, const StepInput& input, const Level& level,
                       const StepParameters& parameters, const InReach& reach) {
  character.wallDirection = 0;
  const int push = signOf(input.moveX);
  if (character.grounded || character.dashing() || push == 0) {
    return;
  }
  // Only a solid tile or a body is a wall.
  if (!reach.mayHold(maskOf(TileType::Solid)) && reach.bodies.empty()) {
    return;
  }
  if (touchesWall(characterBox(character, parameters.config), push, level, reach.bodies)) {
    character.wallDirection = static_cast<std::int8_t>(push);
  }
}

}  // namespace

CharacterContacts stepCharacter(Character& character, PlayerInput playerInput, const Level& level,
                                const StepParameters& parameters, const ObstacleSet* all,
                                BodyId self) {
  const StepInput input = readInput(character, playerInput);
  StepScratch scratch;
  scratch.wasGrounded = character.grounded;

  updateFacing(character, input);
  advanceTimers(character, input);
  scratch.dashing = startOrContinueDash(character, input, parameters, scratch);
  const float submerged = submergedFraction(characterBox(character, parameters.config), level);
  if (!scratch.dashing && submerged > kSwimmingFraction) {
    swim(character, input, parameters, submerged, scratch);
  } else if (!scratch.dashing) {
    tryJump(character, input, level, parameters, scratch);
    cutJumpOnRelease(character, input, parameters);
    updateHorizontalVelocity(character, input, level, parameters);
    applyGravityAndDrag(character, input, parameters);
    capWallSlide(character, parameters);
  }
  const float startBottom = character.position.y + parameters.config.playerHeight;
  scratch.walking = isWalking(character, scratch);
  ObstacleBuffer buffer;
  const InReach reach = inReach(character, level, parameters, all, self, buffer);
  const SweepResult swept = sweep(character, level, parameters, scratch, reach);
  character.position = swept.box.position;
  CharacterContacts contacts;
  if (isCrateId(swept.hitX)) {
    contacts.pushed = swept.hitX;
    contacts.pushSpeed = character.velocity.x;
  }
  contacts.fallSpeed = character.velocity.y;  // before landing zeroes it
  contacts.swimming = submerged > kSwimmingFraction;
  const SurfaceContact contact =
      followSurfaces(character, swept, startBottom, level, parameters, scratch, reach);
  zeroBlockedVelocity(character, swept, level, parameters, scratch);
  updateGrounded(character, swept, contact, parameters, scratch);
  detectWallContact(character, input, level, parameters, reach);

  character.lastNormalX = swept.normalX;
  character.lastNormalY = swept.normalY;
  character.previousButtons = playerInput.buttons;
  contacts.jumped = scratch.jumped;
  contacts.jumpKind = scratch.jumpKind;
  contacts.dashStarted = scratch.dashStarted;
  contacts.mayTouchHazard = reach.mayHold(maskOf(TileType::Hazard));
  return contacts;
}

}  // namespace coyote
