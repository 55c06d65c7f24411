#include "client/app/debug/joint_debug_view.h"

#include <algorithm>
#include <cmath>

#include "client/app/render/palette.h"
#include "client/app/scene/world_drawing.h"
#include "client/app/scene/world_renderer.h"
#include "sim/bodies/joint_step.h"

namespace coyote {
namespace {

/// Closer than this to a limit (tiles) is at it: the solver leaves a little slack.
constexpr float kAtLimit = 0.02f;
/// Farther than this along a rail with no limit, the range is drawn as far as this (tiles).
constexpr float kDrawnTravel = 8.0f;

void dot(sf::RenderTarget& target, const sf::RenderStates& states, Vec2 at, float size,
         sf::Color color) {
  sf::RectangleShape square({size, size});
  square.setPosition(std::round(at.x * kTile - size * 0.5f),
                     std::round(at.y * kTile - size * 0.5f));
  square.setFillColor(color);
  target.draw(square, states);
}

sf::Color colourOf(JointStatus status) {
  switch (status) {
    case JointStatus::Working:
      return palette::kDebugJointWorking;
    case JointStatus::Strained:
      return palette::kDebugJointStrained;
    case JointStatus::Broken:
      return palette::kDebugJointBroken;
  }
  return palette::kDebugJointWorking;
}

bool atLimit(const WorldState& state, const Level& level, std::size_t index) {
  const JointDefinition& joint = level.joints[index];
  Vec2 body;
  Vec2 to;
  if (!jointEnds(state, level, index, body, to)) {
    return false;
  }
  if (joint.kind == JointKind::Rope) {
    const Vec2 d = body - to;
    return std::sqrt(dot(d, d)) >= joint.length - kAtLimit;
  }
  float along = 0.0f;
  return railPosition(state, level, index, along) &&
         (along <= joint.lower + kAtLimit || along >= joint.upper - kAtLimit);
}

}  // namespace

bool railPosition(const WorldState& state, const Level& level, std::size_t index, float& along) {
  Vec2 body;
  Vec2 to;
  if (index >= level.joints.size() || level.joints[index].kind != JointKind::Rail ||
      !jointEnds(state, level, index, body, to)) {
    return false;
  }
  const JointDefinition& joint = level.joints[index];
  along = dot(body - to - joint.offset, joint.axis);
  return true;
}

JointStatus jointStatus(const WorldState& state, const Level& level, std::size_t index) {
  if (index >= level.joints.size() || index >= state.joints.size()) {
    return JointStatus::Working;
  }
  const Joint& joint = state.joints[index];
  const JointDefinition& definition = level.joints[index];
  if (joint.broken) {
    return JointStatus::Broken;
  }
  const bool motorAtMost = definition.kind == JointKind::Rail && definition.motorSpeed != 0.0f &&
                           definition.maxForce > 0.0f && joint.force >= definition.maxForce;
  const bool nearBreaking =
      definition.breakForce > 0.0f && joint.force > 0.9f * definition.breakForce;
  return motorAtMost || nearBreaking || atLimit(state, level, index) ? JointStatus::Strained
                                                                     : JointStatus::Working;
}

void JointDebugView::drawJoints(sf::RenderTarget& target, Vec2 camera,
                                const WorldState& current) const {
  const sf::RenderStates states(WorldRenderer::worldToLogical(camera));
  for (std::size_t index = 0; index < level_.joints.size(); ++index) {
    Vec2 body;
    Vec2 to;
    if (!jointEnds(current, level_, index, body, to)) {
      continue;  // an end is away: nothing to draw it to
    }
    const sf::Color colour = colourOf(jointStatus(current, level_, index));
    drawLine(target, states, body, to, colour);
    dot(target, states, body, 3.0f, colour);
    dot(target, states, to, 3.0f, colour);
    const JointDefinition& joint = level_.joints[index];
    if (joint.kind == JointKind::Rail) {  // the axis, a tile each way through the crate
      drawLine(target, states, body - joint.axis, body + joint.axis, colour);
    }
  }
}

void JointDebugView::drawLimits(sf::RenderTarget& target, Vec2 camera,
                                const WorldState& current) const {
  const sf::RenderStates states(WorldRenderer::worldToLogical(camera));
  for (std::size_t index = 0; index < level_.joints.size(); ++index) {
    const JointDefinition& joint = level_.joints[index];
    Vec2 body;
    Vec2 to;
    float along = 0.0f;
    if (!railPosition(current, level_, index, along) ||
        !jointEnds(current, level_, index, body, to)) {
      continue;
    }
    const Vec2 start = to + joint.offset;
    const Vec2 lower = start + joint.axis * std::max(joint.lower, -kDrawnTravel);
    const Vec2 upper = start + joint.axis * std::min(joint.upper, kDrawnTravel);
    drawLine(target, states, lower, upper, palette::kDebugRailRange);
    const Vec2 across{-joint.axis.y * 0.25f, joint.axis.x * 0.25f};  // end ticks, 4 px each way
    drawLine(target, states, lower - across, lower + across, palette::kDebugRailRange);
    drawLine(target, states, upper - across, upper + across, palette::kDebugRailRange);
    dot(target, states, start + joint.axis * along, 4.0f, palette::kDebugRailPosition);
  }
}

}  // namespace coyote
