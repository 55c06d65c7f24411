#include "level/tiled_joints.h"

#include <cmath>
#include <optional>

#include "level/tiled_properties.h"

namespace coyote {
namespace {

std::optional<JointKind> jointKind(const std::string& kind) {
  if (kind == "rope") {
    return JointKind::Rope;
  }
  if (kind == "spring") {
    return JointKind::Spring;
  }
  if (kind == "rail") {
    return JointKind::Rail;
  }
  if (kind == "weld") {
    return JointKind::Weld;
  }
  return std::nullopt;
}

/// The body the object with Tiled id `id` became: crates and platforms are numbered in file order,
/// as readBodies reads them.
BodyId bodyOfObject(const Node& objects, std::int64_t id) {
  BodyId crates = 0;
  BodyId platforms = 0;
  for (std::size_t i = 0; i < objects.array().size(); ++i) {
    const Node object = objects.at(i);
    const std::string kind = typeOrClass(object);
    const bool named = object.has("id") && object.child("id").value == id;
    if (kind == "crate") {
      if (named) {
        return static_cast<BodyId>(kCrateIdBase + crates);
      }
      ++crates;
    } else if (kind == "platform") {
      if (named) {
        return platforms;
      }
      ++platforms;
    }
  }
  return kNoBody;
}

Vec2 crateCentre(const Level& level, BodyId id) {
  const CrateDefinition& crate = level.crates[static_cast<std::size_t>(id - kCrateIdBase)];
  return crate.position + crate.size * 0.5f;
}

/// `body` (a crate, required) and `to` (a crate, a platform, or the world at the joint object's
/// position), with the anchor on `to`.
void readEnds(const Node& object, const Node& objects, TileScale scale, const Level& level,
              JointDefinition& joint) {
  const std::optional<Node> body = findProperty(object, "body");
  if (!body) {
    object.fail("a joint needs a \"body\" object property: the crate it holds");
  }
  joint.body = bodyOfObject(objects, body->integer(0, 1ll << 31));
  if (!isCrateId(joint.body)) {
    body->fail("names no crate object of this layer");
  }
  const Vec2 at = positionInTiles(object, scale, level);
  joint.anchor = at;
  if (const std::optional<Node> to = findProperty(object, "to")) {
    joint.to = bodyOfObject(objects, to->integer(0, 1ll << 31));
    if (joint.to == kNoBody) {
      to->fail("names no crate or platform object of this layer");
    }
    if (joint.to == joint.body) {
      to->fail("a joint links two different bodies");
    }
    joint.anchor = isPlatformId(joint.to)
                       ? Vec2{at.x - level.platforms[static_cast<std::size_t>(joint.to)].path[0].x,
                              at.y - level.platforms[static_cast<std::size_t>(joint.to)].path[0].y}
                       : Vec2{};
  }
}

/// Where the anchor on `to` is as the level placed the bodies.
Vec2 anchorAtStart(const JointDefinition& joint, const Level& level) {
  if (joint.to == kNoBody) {
    return joint.anchor;
  }
  if (isPlatformId(joint.to)) {
    const Vec2 start = level.platforms[static_cast<std::size_t>(joint.to)].path[0];
    return start + joint.anchor;
  }
  const Vec2 centre = crateCentre(level, joint.to);
  return centre + joint.anchor;
}

void readRail(const Node& object, JointDefinition& joint) {
  const float x = numberProperty(object, "axisX");
  const float y = numberProperty(object, "axisY");
  const double length = std::sqrt(static_cast<double>(x) * x + static_cast<double>(y) * y);
  if (length < 1e-3) {
    const std::optional<Node> axisX = findProperty(object, "axisX");
    (axisX ? *axisX : object).fail("a rail's axis (axisX, axisY) must not be zero");
  }
  joint.axis = {static_cast<float>(x / length), static_cast<float>(y / length)};
  joint.lower = numberProperty(object, "lower");
  joint.upper = numberProperty(object, "upper");
  if (joint.lower > joint.upper) {
    const std::optional<Node> lower = findProperty(object, "lower");
    (lower ? *lower : object)
        .fail(fmt::format("crossed limits: lower {} > upper {}", joint.lower, joint.upper));
  }
  joint.motorSpeed = numberProperty(object, "motorSpeed");
  joint.reverse = boolProperty(object, "reverse");
  if (const std::optional<Node> target = findProperty(object, "motorTarget")) {
    joint.hasTarget = true;
    joint.motorTarget = ranged(*target, joint.lower, joint.upper);
  }
  joint.stiffness = numberProperty(object, "stiffness", 0.0f);
  joint.damping = numberProperty(object, "damping");
  joint.maxForce = numberProperty(object, "maxForce");
}

/// What each kind adds: a rope's or spring's length (by default the distance the level puts
/// between the ends), a spring's stiffness and damping, a rail's axis, limits and motor.
void readKind(const Node& object, const Level& level, JointDefinition& joint) {
  const Vec2 body = crateCentre(level, joint.body);
  const Vec2 anchor = anchorAtStart(joint, level);
  joint.offset = body - anchor;
  const float distance = std::sqrt(dot(joint.offset, joint.offset));
  if (joint.kind == JointKind::Rope || joint.kind == JointKind::Spring) {
    if (distance > kMaxJointLength && !findProperty(object, "length")) {
      object.fail(fmt::format("its ends are more than {} tiles apart", kMaxJointLength));
    }
    joint.length = numberProperty(object, "length", distance);
  }
  if (joint.kind == JointKind::Spring) {
    joint.stiffness = numberProperty(object, "stiffness", 40.0f);
    joint.damping = numberProperty(object, "damping");
  }
  if (joint.kind == JointKind::Rail) {
    readRail(object, joint);
  }
}

JointDefinition readJoint(const Node& object, const Node& objects, JointKind kind, TileScale scale,
                          const Level& level) {
  JointDefinition joint;
  joint.kind = kind;
  readEnds(object, objects, scale, level, joint);
  readKind(object, level, joint);
  joint.breakForce = numberProperty(object, "breakForce");
  joint.collide = boolProperty(object, "collide");
  return joint;
}

}  // namespace

void readJoints(const Node& objects, TileScale scale, Level& level) {
  for (std::size_t i = 0; i < objects.array().size(); ++i) {
    const Node object = objects.at(i);
    const std::optional<JointKind> kind = jointKind(typeOrClass(object));
    if (!kind) {
      continue;
    }
    if (level.joints.size() == static_cast<std::size_t>(kMaxJoints)) {
      object.fail(fmt::format("more than {} joints", kMaxJoints));
    }
    level.joints.push_back(readJoint(object, objects, *kind, scale, level));
  }
}

}  // namespace coyote
