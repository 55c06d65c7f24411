#pragma once

#include <cstdint>
#include <random>

namespace coyote {

/// How one direction of a link misbehaves.
struct LinkProfile {
  double latencyMs = 0.0;  ///< one-way delay
  double jitterMs = 0.0;   ///< each packet's delay varies uniformly by ± this much
  double loss = 0.0;       ///< probability a packet is dropped
  double duplicate = 0.0;  ///< probability a packet is delivered twice
  double reorder = 0.0;    ///< probability a packet is held back behind later ones
};

/// What the conditioner did, per direction.
struct LinkCounters {
  std::uint64_t received = 0;
  std::uint64_t dropped = 0;
  std::uint64_t duplicated = 0;
  std::uint64_t reordered = 0;
  std::uint64_t delivered = 0;
  std::uint64_t bytes = 0;
};

/// The decisions of a link conditioner, separate from its sockets so they can be tested: for each
/// packet, whether it is lost and at which times (ms) its copies are delivered. Jitter never
/// reorders by itself (delivery stays first-in first-out); only `reorder` does, by holding a
/// packet back long enough for later ones to overtake it. Seeded: the same seed and traffic give
/// the same decisions.
class LinkConditioner {
 public:
  LinkConditioner(const LinkProfile& profile, std::uint64_t seed)
      : profile_(profile), random_(seed) {}

  /// Delivery times for a packet that arrives at `nowMs`: none if lost, two if duplicated.
  struct Decision {
    int copies = 0;
    double deliverAtMs[2] = {0.0, 0.0};
  };
  Decision decide(double nowMs, std::size_t bytes);

  const LinkCounters& counters() const { return counters_; }
  void countDelivered() { ++counters_.delivered; }

 private:
  double chance() { return std::uniform_real_distribution<double>(0.0, 1.0)(random_); }
  double deliveryTime(double nowMs);

  LinkProfile profile_;
  std::mt19937_64 random_;
  LinkCounters counters_;
  double lastInOrderMs_ = 0.0;
};

}  // namespace coyote
