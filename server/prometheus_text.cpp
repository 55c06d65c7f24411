#include "server/prometheus_text.h"

#include "http/prometheus_exposition.h"
#include "version/build_version.h"
#include "wire/protocol.h"

#include <fmt/format.h>

namespace coyote {
namespace {

std::string roomLabel(const RoomFigures& room) {
  return fmt::format("room=\"{}\"", escapedLabel(room.name));
}

/// One sample per room of what `figure` reads from it.
template <class Figure>
void perRoom(PrometheusExposition& out, std::string_view name, std::string_view type,
             std::string_view help, const std::vector<RoomFigures>& rooms, Figure figure) {
  out.family(name, type, help);
  for (const RoomFigures& room : rooms) {
    out.sample(name, static_cast<double>(figure(room)), roomLabel(room));
  }
}

/// A window of durations (µs) as a summary in seconds, under `labels` (e.g. a stage).
void summary(PrometheusExposition& out, std::string_view name, const DurationWindow& window,
             std::string_view labels) {
  const DurationWindow::Summary quantiles = window.summary();
  const std::string prefix = labels.empty() ? "" : std::string(labels) + ",";
  out.sample(name, quantiles.p50 / 1e6, prefix + "quantile=\"0.5\"");
  out.sample(name, quantiles.p95 / 1e6, prefix + "quantile=\"0.95\"");
  out.sample(name, quantiles.p99 / 1e6, prefix + "quantile=\"0.99\"");
  out.sample(std::string(name) + "_sum", window.sum() / 1e6, labels);
  out.sample(std::string(name) + "_count", static_cast<double>(window.count()), labels);
}

// The tick's budget: what each stage consumed of it, and the ticks that overran it
// (docs/hosting.md#metrics-and-health).
void budgetFamilies(PrometheusExposition& out, const ServerMetrics& m) {
  out.gauge("coyote_tick_budget_seconds", m.tickBudgetMicros / 1e6,
            "CPU budget of one tick: budgets.tick_budget_ms, or the tick period without one.");
  out.family("coyote_tick_budget_consumed_seconds_total", "counter",
             "CPU seconds each stage of the tick consumed (simulate: every room's step; send: "
             "frames).");
  out.sample("coyote_tick_budget_consumed_seconds_total", m.simulateCpuMicros / 1e6,
             "stage=\"simulate\"");
  out.sample("coyote_tick_budget_consumed_seconds_total", m.sendCpuMicros / 1e6, "stage=\"send\"");
  out.family("coyote_tick_budget_overruns_total", "counter",
             "Ticks whose CPU time exceeded the tick budget: the whole tick, or one stage alone.");
  out.sample("coyote_tick_budget_overruns_total", static_cast<double>(m.tickBudgetOverruns),
             "stage=\"tick\"");
  out.sample("coyote_tick_budget_overruns_total", static_cast<double>(m.simulateBudgetOverruns),
             "stage=\"simulate\"");
  out.sample("coyote_tick_budget_overruns_total", static_cast<double>(m.sendBudgetOverruns),
             "stage=\"send\"");
}

void tickFamilies(PrometheusExposition& out, const ServerMetrics& m) {
  out.family("coyote_tick_duration_seconds", "summary",
             "Wall time of one server tick (every room simulated, then sent), last 3600 ticks.");
  summary(out, "coyote_tick_duration_seconds", m.tickTime, "");
  out.family(
      "coyote_tick_cpu_seconds", "summary",
      "CPU time per tick: the loop thread's, plus what rooms.threads workers spent on rooms.");
  summary(out, "coyote_tick_cpu_seconds", m.tickCpuTime, "");
  out.counter("coyote_dropped_lag_ticks_total", static_cast<double>(m.droppedLagTicks),
              "Ticks of lag dropped instead of chased (sim.max_substeps).");
  out.family("coyote_tick_cpu_histogram_seconds", "histogram",
             "CPU time per tick (every room stepped, on all its threads, then sent), since the "
             "start.");
  const CumulativeHistogram& cpu = m.tickCpuHistogram;
  for (std::size_t bound = 0; bound < CumulativeHistogram::kBoundsMicros.size(); ++bound) {
    out.sample("coyote_tick_cpu_histogram_seconds_bucket",
               static_cast<double>(cpu.countAtOrUnder(bound)),
               fmt::format("le=\"{}\"", CumulativeHistogram::kBoundsMicros[bound] / 1e6));
  }
  out.sample("coyote_tick_cpu_histogram_seconds_bucket", static_cast<double>(cpu.count()),
             "le=\"+Inf\"");
  out.sample("coyote_tick_cpu_histogram_seconds_sum", cpu.sum() / 1e6);
  out.sample("coyote_tick_cpu_histogram_seconds_count", static_cast<double>(cpu.count()));
  budgetFamilies(out, m);
}

void trafficFamilies(PrometheusExposition& out, const ServerMetrics& m) {
  out.counter("coyote_sent_bytes_total", static_cast<double>(m.bytesSent),
              "Bytes sent, UDP/IP headers included.");
  out.counter("coyote_received_bytes_total", static_cast<double>(m.bytesReceived),
              "Bytes received, UDP/IP headers included.");
  out.counter("coyote_sent_datagrams_total", static_cast<double>(m.datagramsSent),
              "UDP datagrams sent.");
  out.counter("coyote_received_datagrams_total", static_cast<double>(m.datagramsReceived),
              "UDP datagrams received.");
  out.counter("coyote_bad_packets_total", static_cast<double>(m.malformedPackets),
              "Packets refused as malformed.");
  out.counter("coyote_refused_connects_total", static_cast<double>(m.refusedConnects),
              "ENet connects without a valid cookie, dropped.");
  out.counter("coyote_turned_away_connects_total", static_cast<double>(m.turnedAwayConnects),
              "Connects with a valid cookie refused (net.peers_per_address, no free peer), "
              "each answered with its reason.");
  out.counter("coyote_superseded_connects_total", static_cast<double>(m.supersededConnects),
              "Earlier connection attempts let go when their client connected again from the "
              "same address and port.");
  out.counter("coyote_info_requests_total", static_cast<double>(m.infoRequests),
              "Server info queries received (server browsers, LAN discovery).");
  out.counter("coyote_info_replies_total", static_cast<double>(m.infoReplies),
              "Server info queries answered (one per address per 100 ms, 200 a second in all).");
  out.counter("coyote_pending_connections_evicted_total",
              static_cast<double>(m.pendingConnectionsEvicted),
              "Connections reset before their Hello to make room for a newer one.");
  out.counter("coyote_refused_client_reports_total", static_cast<double>(m.refusedClientReports),
              "Client reports with implausible figures, refused.");
}

void processFamilies(PrometheusExposition& out, const ServerMetrics& m,
                     const std::vector<RoomFigures>& rooms, const MetricsContext& context) {
  out.buildInfo(buildVersion(), net::kProtocolVersion);
  out.gauge("coyote_rooms", static_cast<double>(rooms.size()), "Rooms open.");
  out.gauge("coyote_ticks_behind", context.ticksBehind,
            "How late the loop is against its fixed schedule, in ticks.");
  out.gauge("coyote_governor_level", m.governorLevel,
            "Overload governor level: 0 normal, 1 half frame rate, 2-3 new joins refused.");
  out.counter("coyote_governor_transitions_total", static_cast<double>(m.governorTransitions),
              "Overload governor level changes.");
  out.gauge("coyote_uptime_seconds", context.uptimeSeconds, "Seconds since the server started.");
  out.gauge("coyote_resident_memory_bytes", static_cast<double>(context.residentBytes),
            "Resident set size of the server process.");
  out.counter("coyote_http_connections_cut_total", static_cast<double>(context.httpConnectionsCut),
              "HTTP connections cut at their deadline or to make room for newer ones.");
}

void recordsFamilies(PrometheusExposition& out, const ServerMetrics& m,
                     const std::vector<RoomFigures>& rooms) {
  using Room = RoomFigures;
  perRoom(out, "coyote_runs_finished_total", "counter", "Race runs finished in the room.", rooms,
          [](const Room& r) { return r.metrics->runsFinished; });
  out.counter("coyote_records_written_total", static_cast<double>(m.records.written),
              "Finished runs written to the records database.");
  out.gauge("coyote_records_waiting", static_cast<double>(m.records.waiting),
            "Finished runs queued for the records database (retried while it fails).");
  out.counter("coyote_records_dropped_total", static_cast<double>(m.records.dropped),
              "Finished runs dropped: the records queue was full.");
  out.counter("coyote_records_failures_total", static_cast<double>(m.records.failures),
              "Writes the records database refused; each is retried.");
  out.counter("coyote_records_lookups_total", static_cast<double>(m.records.lookups),
              "Boards and ghosts looked up in the records database for players.");
  out.counter("coyote_records_lookups_lost_total", static_cast<double>(m.records.lookupsLost),
              "Lookups not answered: the database was down, or too many were waiting.");
  out.family("coyote_records_write_seconds", "summary",
             "Seconds from a run's finish to its commit in the records database.");
  summary(out, "coyote_records_write_seconds", m.records.writeTime, "");
}

void roomStepFamilies(PrometheusExposition& out, const std::vector<RoomFigures>& rooms) {
  using Room = RoomFigures;
  perRoom(out, "coyote_tick", "gauge", "The room's last tick simulated.", rooms,
          [](const Room& r) { return r.tick; });
  perRoom(out, "coyote_ticks_total", "counter", "Ticks the room simulated.", rooms,
          [](const Room& r) { return r.metrics->ticks; });
  out.family("coyote_room_tick_cpu_seconds", "summary",
             "CPU time of the room's step (roster, inputs, world step, hash, history), on the "
             "thread that stepped it.");
  for (const RoomFigures& room : rooms) {
    summary(out, "coyote_room_tick_cpu_seconds", room.metrics->tickCpuTime, roomLabel(room));
  }
  perRoom(out, "coyote_room_memory_bytes", "gauge",
          "Bytes the room holds: state, tick history, inboxes, metrics windows, queues.", rooms,
          [](const Room& r) { return r.memoryBytes; });
  perRoom(out, "coyote_active_bodies", "gauge",
          "Bodies moving in the room: characters, platforms and awake crates.", rooms,
          [](const Room& r) { return r.activeBodies; });
  out.family("coyote_step_stage_duration_seconds", "summary",
             "Wall time of each stage of the room's world step (platforms, joints, bodies, "
             "characters, rules).");
  for (const RoomFigures& room : rooms) {
    for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
      const std::string labels = fmt::format("{},stage=\"{}\"", roomLabel(room),
                                             stepStageName(static_cast<StepStage>(stage)));
      summary(out, "coyote_step_stage_duration_seconds", room.metrics->stepStages[stage], labels);
    }
  }
  perRoom(out, "coyote_velocities_clamped_total", "counter",
          "Body speeds over their cap, clamped by the step's guards.", rooms,
          [](const Room& r) { return r.metrics->velocitiesClamped; });
  perRoom(out, "coyote_bodies_recovered_total", "counter",
          "Non-finite or lost bodies put back by the step's guards.", rooms,
          [](const Room& r) { return r.metrics->bodiesRecovered; });
  perRoom(out, "coyote_step_events_dropped_total", "counter",
          "Step events beyond physics.max_events_per_tick.", rooms,
          [](const Room& r) { return r.metrics->stepEventsDropped; });
}

void roomClientFamilies(PrometheusExposition& out, const std::vector<RoomFigures>& rooms) {
  using Room = RoomFigures;
  perRoom(out, "coyote_players", "gauge", "Players in the room.", rooms,
          [](const Room& r) { return r.metrics->players; });
  perRoom(out, "coyote_spectators", "gauge", "Spectators in the room.", rooms,
          [](const Room& r) { return r.metrics->spectators; });
  perRoom(out, "coyote_late_inputs_total", "counter",
          "Inputs that arrived after their tick was simulated.", rooms,
          [](const Room& r) { return r.metrics->lateInputs; });
  perRoom(out, "coyote_substituted_inputs_total", "counter",
          "Missing inputs replaced by the player's last one.", rooms,
          [](const Room& r) { return r.metrics->substitutedInputs; });
  perRoom(out, "coyote_desync_reports_total", "counter", "Desyncs reported by clients.", rooms,
          [](const Room& r) { return r.metrics->desyncReports; });
  perRoom(out, "coyote_full_states_sent_total", "counter",
          "Full states sent (joins and desync repairs).", rooms,
          [](const Room& r) { return r.metrics->fullStatesSent; });
  perRoom(out, "coyote_full_states_withheld_total", "counter",
          "Full states not sent: past what the peer has proven with its own bytes.", rooms,
          [](const Room& r) { return r.metrics->fullStatesWithheld; });
}

}  // namespace

std::string prometheusText(const ServerMetrics& server, const std::vector<RoomFigures>& rooms,
                           const MetricsContext& context) {
  PrometheusExposition out;
  tickFamilies(out, server);
  trafficFamilies(out, server);
  processFamilies(out, server, rooms, context);
  roomStepFamilies(out, rooms);
  roomClientFamilies(out, rooms);
  recordsFamilies(out, server, rooms);
  return out.take();
}

}  // namespace coyote
