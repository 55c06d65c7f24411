#include "server/base/server_metrics.h"

#include <algorithm>

#include <fmt/format.h>

namespace coyote {

void DurationWindow::add(double micros) {
  if (samples_.empty()) {
    samples_.resize(capacity_);
  }
  samples_[next_] = micros;
  next_ = (next_ + 1) % samples_.size();
  count_ = std::min(count_ + 1, samples_.size());
  ++total_;
  sum_ += micros;
}

DurationWindow::Summary DurationWindow::summary() const {
  if (count_ == 0) {
    return {};
  }
  // Three selections instead of a sort: the page is built every second, for every room's windows.
  std::vector<double> values(samples_.begin(), samples_.begin() + static_cast<long>(count_));
  const auto rank = [&values](double fraction) {
    return values.begin() +
           static_cast<long>(
               std::min(values.size() - 1, static_cast<std::size_t>(fraction * values.size())));
  };
  // Each selection leaves the larger values after its rank, where the next one looks (with few
  // samples two ranks may be the same one, already in place).
  const auto select = [&values](auto from, auto nth) {
    if (from <= nth) {
      std::nth_element(from, nth, values.end());
    }
  };
  select(values.begin(), rank(0.50));
  select(rank(0.50) + 1, rank(0.95));
  select(rank(0.95) + 1, rank(0.99));
  return {.p50 = *rank(0.50),
          .p95 = *rank(0.95),
          .p99 = *rank(0.99),
          .max = *std::max_element(rank(0.99), values.end())};
}

void CumulativeHistogram::add(double micros) {
  for (std::size_t bound = 0; bound < kBoundsMicros.size(); ++bound) {
    counts_[bound] += micros <= kBoundsMicros[bound] ? 1 : 0;
  }
  ++count_;
  sum_ += micros;
}

std::size_t ServerMetrics::bytes() const {
  std::size_t total = tickTime.bytes() + tickCpuTime.bytes() + simulateStage.bytes() +
                      sendStage.bytes() + records.writeTime.bytes();
  for (const DurationWindow& stage : stepStages) {
    total += stage.bytes();
  }
  return total;
}

void ServerMetrics::addRoomCounters(const ServerMetrics& room) {
  substitutedInputs += room.substitutedInputs;
  lateInputs += room.lateInputs;
  desyncReports += room.desyncReports;
  fullStatesSent += room.fullStatesSent;
  fullStatesWithheld += room.fullStatesWithheld;
  reportedRollbacks += room.reportedRollbacks;
  reportedMaxRollbackDepth = std::max(reportedMaxRollbackDepth, room.reportedMaxRollbackDepth);
  velocitiesClamped += room.velocitiesClamped;
  bodiesRecovered += room.bodiesRecovered;
  stepEventsDropped += room.stepEventsDropped;
  runsFinished += room.runsFinished;
  players += room.players;
  spectators += room.spectators;
}

std::string ServerMetrics::logLine(double elapsed) const {
  const auto tick = tickTime.summary();
  const auto simulate = simulateStage.summary();
  const auto send = sendStage.summary();
  const double seconds = elapsed > 0.0 ? elapsed : 1.0;
  return fmt::format(
      "tick {}: {} players, {} spectators; tick p50 {:.3f} ms p95 {:.3f} ms max {:.3f} ms "
      "(simulate p95 {:.3f}, send p95 {:.3f}; step stages {}); up {:.1f} KB/s down {:.1f} KB/s; "
      "inputs late {} "
      "substituted {}; loss up {:.1f} % down {:.1f} %; malformed {}; refused connects {}; desyncs "
      "{}; client rollbacks {} (max "
      "depth {}); lag "
      "dropped {} ticks; governor level {}; guards: {} clamped, {} recovered; step events "
      "dropped {}",
      ticks, players, spectators, tick.p50 / 1000.0, tick.p95 / 1000.0, tick.max / 1000.0,
      simulate.p95 / 1000.0, send.p95 / 1000.0, stepStagesText(), bytesReceived / seconds / 1000.0,
      bytesSent / seconds / 1000.0, lateInputs, substitutedInputs, inputLossPercent,
      frameLossPercent, malformedPackets, refusedConnects, desyncReports, reportedRollbacks,
      reportedMaxRollbackDepth, droppedLagTicks, governorLevel, velocitiesClamped, bodiesRecovered,
      stepEventsDropped);
}

std::string ServerMetrics::stepStagesText() const {
  std::string text;
  for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
    const auto summary = stepStages[stage].summary();
    text += fmt::format("{}{} p50/p95 {:.3f}/{:.3f}", stage == 0 ? "" : ", ",
                        stepStageName(static_cast<StepStage>(stage)), summary.p50 / 1000.0,
                        summary.p95 / 1000.0);
  }
  return text + " ms";
}

namespace {

/// ,"stage_platforms_ms_p50":…,"stage_platforms_ms_p95":…, … for the summary JSON.
std::string stepStagesJson(const std::array<DurationWindow, kStepStageCount>& stages) {
  std::string json;
  for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
    const auto summary = stages[stage].summary();
    const std::string_view name = stepStageName(static_cast<StepStage>(stage));
    json += fmt::format(",\"stage_{}_ms_p50\":{:.4f},\"stage_{}_ms_p95\":{:.4f}", name,
                        summary.p50 / 1000.0, name, summary.p95 / 1000.0);
  }
  return json;
}

}  // namespace

std::string ServerMetrics::summaryJson(double elapsed) const {
  const auto tick = tickTime.summary();
  const auto cpu = tickCpuTime.summary();
  return fmt::format(
      "{{\"event\":\"server_summary\",\"ticks\":{},\"seconds\":{:.2f},\"peak_players\":{},"
      "\"tick_ms_p50\":{:.4f},\"tick_ms_p95\":{:.4f},\"tick_ms_max\":{:.4f},"
      "\"tick_cpu_ms_p95\":{:.4f},\"tick_cpu_ms_max\":{:.4f},"
      "\"simulate_ms_p95\":{:.4f},\"send_ms_p95\":{:.4f},\"bytes_sent\":{},\"bytes_received\":{},"
      "\"late_inputs\":{},\"substituted_inputs\":{},\"malformed_packets\":{},"
      "\"cookie_replies\":{},\"refused_connects\":{},\"welcome_copies\":{},"
      "\"pending_connections_evicted\":{},\"refused_client_reports\":{},"
      "\"input_loss_percent\":{:.2f},\"frame_loss_percent\":{:.2f},"
      "\"desync_reports\":{},\"full_states_sent\":{},\"reported_rollbacks\":{},"
      "\"dropped_lag_ticks\":{},\"governor_transitions\":{},\"velocities_clamped\":{},"
      "\"bodies_recovered\":{},"
      "\"step_events_dropped\":{}{}}}",
      ticks, elapsed, peakPlayers, tick.p50 / 1000.0, tick.p95 / 1000.0, tick.max / 1000.0,
      cpu.p95 / 1000.0, cpu.max / 1000.0, simulateStage.summary().p95 / 1000.0,
      sendStage.summary().p95 / 1000.0, bytesSent, bytesReceived, lateInputs, substitutedInputs,
      malformedPackets, cookieReplies, refusedConnects, welcomeCopies, pendingConnectionsEvicted,
      refusedClientReports, inputLossPercent, frameLossPercent, desyncReports, fullStatesSent,
      reportedRollbacks, droppedLagTicks, governorTransitions, velocitiesClamped, bodiesRecovered,
      stepEventsDropped, stepStagesJson(stepStages));
}

}  // namespace coyote
