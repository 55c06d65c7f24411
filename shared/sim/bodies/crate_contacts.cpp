#include "sim/bodies/crate_contacts.h"

#include "sim/bodies/crate_activity.h"
#include "sim/bodies/crate_launch.h"
#include "sim/bodies/momentum_exchange.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

/// A crate's speed along the normal of what it hit: returned at v · e (the pair's restitution),
/// or stopped when slower than `physics.min_bounce_speed`.
float afterHit(float speed, const Material& crate, const BoxHit& hit, const Level& level,
               const PhysicsConfig& config) {
  const float restitution = mixMaterials(crate, materialOf(level, hit.material)).restitution;
  const float magnitude = speed < 0.0f ? -speed : speed;
  return magnitude > config.minBounceSpeed ? -speed * restitution : 0.0f;
}

}  // namespace

bool CrateContacts::answer(const BoxHit& hit, float& normalSpeed, float mass, const Material& own,
                           const PhysicsConfig& config) const {
  const bool landing = hit.normalY < 0;
  Crate* other = isCrateId(hit.id) ? findCrate(state, level, hit.id) : nullptr;
  if (other == nullptr || (landing && absOf(normalSpeed) <= config.minBounceSpeed)) {
    return false;
  }
  wakeCrate(state, *other, events);
  const CrateDefinition* definition = crateDefinition(level, other->id);
  if (hit.normalX == 0 || definition == nullptr) {
    return false;
  }
  const float closing = (normalSpeed - other->velocity.x) * static_cast<float>(-hit.normalX);
  if (closing <= 0.0f) {
    return true;  // it moves away at least as fast: in the way this step, slowing nothing
  }
  const float e = mixMaterials(own, materialOf(level, definition->material)).restitution;
  const PairSpeeds after =
      exchangeMomentum(mass, normalSpeed, definition->mass, other->velocity.x, e);
  normalSpeed = after.first;
  other->velocity.x = clampBodySpeed(after.second, config);
  return true;
}

void answerHit(CrateFlight& flight, Crate& crate, const BoxHit& hit,
               const CrateDefinition& definition, const PhysicsConfig& config,
               const CrateContacts& contacts) {
  const float used = hit.time * flight.time;
  const float fallen = flight.velocity.y * used + 0.5f * flight.gravity * used * used;
  if (hit.normalY != 0) {
    flight.box.position = {flight.box.position.x + flight.velocity.x * used, hit.face};
  } else {
    flight.box.position = {hit.face, flight.box.position.y + fallen};
  }
  flight.velocity.y += flight.gravity * used;
  flight.time -= used;
  float& normalSpeed = hit.normalY != 0 ? flight.velocity.y : flight.velocity.x;
  if (contacts.events != nullptr && absOf(normalSpeed) > config.contactEventThreshold) {
    contacts.events->emit(crate.id, EventKind::CrateImpact, absOf(normalSpeed));
  }
  const Material& own = materialOf(contacts.level, definition.material);
  if (!contacts.answer(hit, normalSpeed, definition.mass, own, config)) {
    normalSpeed = afterHit(normalSpeed, own, hit, contacts.level, config);
  }
  if (hit.normalY < 0 && flight.velocity.y == 0.0f) {
    crate.grounded = true;
    crate.support = hit.id;
    flight.gravity = 0.0f;  // resting: the floor holds it for the rest of the step
  }
}

}  // namespace coyote
