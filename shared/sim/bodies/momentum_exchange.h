#pragma once

namespace coyote {

/// The speeds along the normal of two bodies after they meet.
struct PairSpeeds {
  float first = 0.0f;
  float second = 0.0f;
};

/// Two bodies of masses m1, m2 meeting at speeds v1, v2 along the normal, with the pair's
/// restitution e (docs/simulation.md#crates): momentum p = m1·v1 + m2·v2 is kept and the speed
/// at which they part is e times the speed at which they met:
///   v1' = (p + m2·e·(v2 − v1)) / (m1 + m2),   v2' = (p + m1·e·(v1 − v2)) / (m1 + m2).
/// e = 1 with equal masses exchanges the speeds; e = 0 gives both the common speed p / (m1 + m2).
inline PairSpeeds exchangeMomentum(float m1, float v1, float m2, float v2, float e) {
  const float momentum = m1 * v1 + m2 * v2;
  return {(momentum + m2 * e * (v2 - v1)) / (m1 + m2), (momentum + m1 * e * (v1 - v2)) / (m1 + m2)};
}

}  // namespace coyote
