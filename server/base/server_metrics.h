#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/step_profile.h"

namespace coyote {

/// Percentiles over a rolling window of samples (microseconds). The window's memory is taken at
/// the first sample: a room keeps a dozen windows, not all of them used.
class DurationWindow {
 public:
  explicit DurationWindow(std::size_t capacity = 3600) : capacity_(capacity) {}
  void add(double micros);
  struct Summary {
    double p50 = 0.0;
    double p95 = 0.0;
    double p99 = 0.0;
    double max = 0.0;
  };
  /// Percentiles over the window.
  Summary summary() const;
  /// Every sample ever added: how many, and their sum (µs) — a Prometheus summary's _count/_sum.
  std::uint64_t count() const { return total_; }
  std::size_t bytes() const { return samples_.capacity() * sizeof(double); }
  double sum() const { return sum_; }

 private:
  std::size_t capacity_;
  std::vector<double> samples_;
  std::size_t next_ = 0;
  std::size_t count_ = 0;
  std::uint64_t total_ = 0;
  double sum_ = 0.0;
};

/// Counts of samples at or under each bound, since the start: a Prometheus histogram, which a
/// dashboard can sum over servers and turn into quantiles of any window (a summary cannot).
class CumulativeHistogram {
 public:
  /// Bounds in µs: a tick's CPU from a quarter of a millisecond to twice the 8 ms budget.
  static constexpr std::array<double, 8> kBoundsMicros{250,  500,  1000,  2000,
                                                       4000, 8000, 16000, 32000};
  void add(double micros);
  /// Samples at or under kBoundsMicros[i].
  std::uint64_t countAtOrUnder(std::size_t bound) const { return counts_[bound]; }
  std::uint64_t count() const { return count_; }
  double sum() const { return sum_; }

 private:
  std::array<std::uint64_t, kBoundsMicros.size()> counts_{};
  std::uint64_t count_ = 0;
  double sum_ = 0.0;
};

/// Microseconds a stage took: wall time and the server thread's CPU time.
struct StageTiming {
  double wall = 0.0;
  double cpu = 0.0;
};

/// What the server measures (docs/hosting.md#metrics-and-health): tick time and its stages,
/// players, traffic, inputs, client-reported rollbacks and desyncs, refused packets.
struct ServerMetrics {
  DurationWindow tickTime;               ///< wall time: simulate + send, preemption included
  DurationWindow tickCpuTime;            ///< the server thread's CPU time for the same
  CumulativeHistogram tickCpuHistogram;  ///< the same, every tick since the start
  /// The tick budget (budgets.tick_budget_ms, or the tick period without a governor): CPU µs
  /// each stage consumed of it, and ticks whose CPU overran it
  /// (docs/hosting.md#metrics-and-health).
  double tickBudgetMicros = 0.0;
  double simulateCpuMicros = 0.0;
  double sendCpuMicros = 0.0;
  std::uint64_t tickBudgetOverruns = 0;
  std::uint64_t simulateBudgetOverruns = 0;  ///< ticks whose simulate stage alone overran it
  std::uint64_t sendBudgetOverruns = 0;      ///< ticks whose send stage alone overran it
  DurationWindow simulateStage;  ///< roster, input gathering, step, hash, history, replay
  DurationWindow sendStage;      ///< building and queueing frames
  /// The world step's own stages (StepProfile: platforms, bodies, characters, rules), wall µs.
  std::array<DurationWindow, kStepStageCount> stepStages;
  std::uint64_t ticks = 0;
  std::uint64_t droppedLagTicks = 0;
  std::uint64_t substitutedInputs = 0;  ///< missing input replaced by the last one
  std::uint64_t lateInputs = 0;         ///< arrived after their tick was simulated
  std::uint64_t malformedPackets = 0;
  std::uint64_t cookieReplies = 0;    ///< answers to connect-cookie requests
  std::uint64_t refusedConnects = 0;  ///< ENet CONNECTs without a valid cookie, dropped
  /// CONNECTs with a valid cookie refused for net.peers_per_address or no free peer (answered)
  std::uint64_t turnedAwayConnects = 0;
  /// Earlier attempts let go when their client connected again from the same address and port
  std::uint64_t supersededConnects = 0;
  std::uint64_t infoRequests = 0;   ///< server info queries (server browsers, LAN discovery)
  std::uint64_t infoReplies = 0;    ///< answered: within the per-address and global limits
  std::uint64_t welcomeCopies = 0;  ///< Welcomes sent again to clients still without one
  /// Connections reset before their Hello to make room for a newer one (kMaxPendingConnections).
  std::uint64_t pendingConnectionsEvicted = 0;
  std::uint64_t refusedClientReports = 0;  ///< ClientReports with implausible figures
  double inputLossPercent = 0.0;  ///< mean over players of their input batches never received
  double frameLossPercent = 0.0;  ///< mean over clients of the frames they report lost
  std::uint64_t desyncReports = 0;
  std::uint64_t fullStatesSent = 0;
  std::uint64_t fullStatesWithheld = 0;  ///< not sent: past what the peer has proven
  std::uint64_t reportedRollbacks = 0;
  std::uint32_t reportedMaxRollbackDepth = 0;
  int governorLevel = 0;                  ///< the overload governor's level, 0 normal
  std::uint64_t governorTransitions = 0;  ///< its level changes
  std::uint64_t velocitiesClamped = 0;    ///< body speeds over their cap (velocity_clamped events)
  std::uint64_t bodiesRecovered = 0;      ///< non-finite or lost bodies put back by the guards
  std::uint64_t stepEventsDropped = 0;    ///< events beyond physics.max_events_per_tick
  std::uint64_t bytesSent = 0;            ///< ENet payload + 28 bytes of UDP/IP per datagram
  std::uint64_t bytesReceived = 0;
  std::uint64_t datagramsSent = 0;
  std::uint64_t datagramsReceived = 0;
  int players = 0;
  int spectators = 0;
  int peakPlayers = 0;
  std::uint64_t runsFinished = 0;  ///< race runs finished (a room counter)
  /// The records database's writer (process figures; docs/hosting.md#records).
  struct Records {
    std::uint64_t written = 0;
    std::uint64_t waiting = 0;      ///< finished runs queued for the database now
    std::uint64_t dropped = 0;      ///< runs the full queue refused
    std::uint64_t failures = 0;     ///< writes the database refused (each retried)
    std::uint64_t lookups = 0;      ///< boards and ghosts looked up for players
    std::uint64_t lookupsLost = 0;  ///< not answered: database down, or too many waiting
    DurationWindow writeTime{1};    ///< finish to commit of the last runs written (µs)
  } records;

  void addTick(const StageTiming& timing) {
    tickTime.add(timing.wall);
    tickCpuTime.add(timing.cpu);
    tickCpuHistogram.add(timing.cpu);
    tickBudgetOverruns += timing.cpu > tickBudgetMicros ? 1 : 0;
  }
  void addStepProfile(const StepProfile& profile) {
    for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
      stepStages[stage].add(profile.micros[stage]);
    }
  }
  /// Adds a room's counters, players and spectators to these (a room keeps its own figures in a
  /// ServerMetrics of its own; the process's are the sum). Its duration windows stay its own.
  void addRoomCounters(const ServerMetrics& room);

  /// Bytes of the duration windows' samples.
  std::size_t bytes() const;
  /// "platforms p50/p95 0.010/0.020 ms, …" for the log line.
  std::string stepStagesText() const;

  /// One human-readable line for the log.
  std::string logLine(double elapsedSeconds) const;
  /// One JSON object, printed at shutdown for scripts and benchmarks.
  std::string summaryJson(double elapsedSeconds) const;
};

}  // namespace coyote
