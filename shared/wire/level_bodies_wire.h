#pragma once

// The wire form of the level's platforms and crates (in a Welcome and in replays): every number
// range-checked both ways with the limits the level loader enforces.

#include "sim/state/level_bodies.h"
#include "sim/state/material.h"
#include "wire/wire_range.h"

namespace coyote {

template <class Archive>
void serializeBodySize(Archive& archive, Vec2& size, const char* what) {
  net::rangedValue(archive, size.x, kMinBodySide, kMaxBodySide, what);
  net::rangedValue(archive, size.y, kMinBodySide, kMaxBodySide, what);
}

/// A body's collision filter: one group bit (built-in or named), any mask.
template <class Archive>
void serializeFilter(Archive& archive, CollisionFilter& filter, const char* what) {
  archive(filter.group, filter.collidesWith);
  const bool oneBit = filter.group != 0 && (filter.group & (filter.group - 1)) == 0;
  const bool known =
      filter.group < (1u << kBuiltinGroupCount) || filter.group >= (1u << kFirstNamedGroupBit);
  if (!oneBit || !known) {
    throw WireError(std::string(what) + ": not one collision group");
  }
}

template <class Archive>
void serialize(Archive& archive, PlatformDefinition& platform) {
  serializeBodySize(archive, platform.size, "platform size");
  net::boundedVector(archive, platform.path, kMaxPathPoints, "platform path point");
  if (platform.path.empty()) {
    throw WireError("platform path is empty");
  }
  net::rangedValue(archive, platform.speed, 0.01f, kMaxPlatformSpeed, "platform speed");
  auto mode = static_cast<std::uint8_t>(platform.mode);
  net::rangedValue(archive, mode, std::uint8_t{0}, std::uint8_t{1}, "platform mode");
  platform.mode = static_cast<PathMode>(mode);
  net::rangedValue(archive, platform.wait, 0.0f, kMaxPlatformWait, "platform wait");
  net::wireBool(archive, platform.oneWay, "platform oneway");
  serializeFilter(archive, platform.filter, "platform group");
}

template <class Archive>
void serialize(Archive& archive, CrateDefinition& crate) {
  archive(crate.position);
  serializeBodySize(archive, crate.size, "crate size");
  net::rangedValue(archive, crate.mass, kMinBodyMass, kMaxBodyMass, "crate mass");
  net::rangedValue(archive, crate.material, std::uint8_t{0},
                   static_cast<std::uint8_t>(kMaxMaterials - 1), "crate material");
  serializeFilter(archive, crate.filter, "crate group");
}

template <class Archive>
void serialize(Archive& archive, CheckpointDefinition& checkpoint) {
  archive(checkpoint.position);
  serializeBodySize(archive, checkpoint.size, "checkpoint size");
  net::rangedValue(archive, checkpoint.order, std::uint8_t{0},
                   static_cast<std::uint8_t>(kMaxCheckpoints), "checkpoint order");
}

template <class Archive>
void serialize(Archive& archive, RaceDefinition& race) {
  net::wireBool(archive, race.present, "race");
  if (!race.present) {
    return;  // a level without a race sends one byte for it
  }
  archive(race.start.position);
  serializeBodySize(archive, race.start.size, "race start size");
  archive(race.finish.position);
  serializeBodySize(archive, race.finish.size, "race finish size");
  net::rangedValue(archive, race.laps, 1, kMaxLaps, "race laps");
  net::boundedString(archive, race.name, kMaxRaceNameLength, "race name");
}

template <class Archive>
void serializeRail(Archive& archive, JointDefinition& joint) {
  net::rangedValue(archive, joint.axis.x, -1.0f, 1.0f, "rail axis");
  net::rangedValue(archive, joint.axis.y, -1.0f, 1.0f, "rail axis");
  if (joint.axis.x == 0.0f && joint.axis.y == 0.0f) {
    throw WireError("rail axis is zero");
  }
  net::rangedValue(archive, joint.lower, -kMaxRailTravel, kMaxRailTravel, "rail lower limit");
  net::rangedValue(archive, joint.upper, joint.lower, kMaxRailTravel, "rail upper limit");
  net::rangedValue(archive, joint.motorSpeed, -kMaxPlatformSpeed, kMaxPlatformSpeed,
                   "rail motor speed");
  net::wireBool(archive, joint.reverse, "rail motor reverse");
  net::wireBool(archive, joint.hasTarget, "rail motor target flag");
  net::rangedValue(archive, joint.motorTarget, joint.lower, joint.upper, "rail motor target");
  net::rangedValue(archive, joint.maxForce, 0.0f, kMaxJointForce, "rail max force");
}

/// A joint: its ends are checked against the level's bodies by LevelData.
template <class Archive>
void serialize(Archive& archive, JointDefinition& joint) {
  auto kind = static_cast<std::uint8_t>(joint.kind);
  net::rangedValue(archive, kind, std::uint8_t{0}, static_cast<std::uint8_t>(kJointKindCount - 1),
                   "joint kind");
  joint.kind = static_cast<JointKind>(kind);
  net::rangedValue(archive, joint.body, kCrateIdBase, static_cast<BodyId>(kCharacterIdBase - 1),
                   "joint body");
  net::rangedValue(archive, joint.to, kNoBody, static_cast<BodyId>(kCharacterIdBase - 1),
                   "joint other body");
  net::rangedValue(archive, joint.anchor.x, -kMaxRailTravel, kMaxRailTravel, "joint anchor");
  net::rangedValue(archive, joint.anchor.y, -kMaxRailTravel, kMaxRailTravel, "joint anchor");
  net::rangedValue(archive, joint.length, kMinJointLength, kMaxJointLength, "joint length");
  net::rangedValue(archive, joint.offset.x, -kMaxRailTravel, kMaxRailTravel, "joint offset");
  net::rangedValue(archive, joint.offset.y, -kMaxRailTravel, kMaxRailTravel, "joint offset");
  net::rangedValue(archive, joint.stiffness, 0.0f, kMaxJointStiffness, "joint stiffness");
  net::rangedValue(archive, joint.damping, 0.0f, kMaxJointStiffness, "joint damping");
  serializeRail(archive, joint);
  net::rangedValue(archive, joint.breakForce, 0.0f, kMaxJointForce, "joint break force");
  net::wireBool(archive, joint.collide, "joint collide");
}

template <class Archive>
void serialize(Archive& archive, Material& material) {
  net::rangedValue(archive, material.friction, 0.0f, kMaxFriction, "material friction");
  net::rangedValue(archive, material.restitution, 0.0f, 1.0f, "material restitution");
}

/// A stretch of cells (row-major) made of one material: levels are mostly long runs.
struct MaterialRun {
  std::uint32_t cells = 0;
  std::uint8_t material = 0;

  template <class Archive>
  void serialize(Archive& archive) {
    archive(cells, material);
  }
};

}  // namespace coyote
