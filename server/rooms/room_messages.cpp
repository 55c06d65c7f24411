// Room's half that serves a client in the game: its inputs, desync reports, client reports and
// the frames it is sent.
#include <algorithm>

#include <fmt/format.h>

#include "server/rooms/client_report_check.h"
#include "server/rooms/room.h"

namespace coyote {

std::string Room::receiveInputs(Connection& connection, const net::InputBatch& batch, double now) {
  const std::uint32_t serverTick = state_.tick;
  const std::uint32_t confirmedTick = batch.confirmedTick(serverTick);
  if (connection.role != Connection::Role::Player && !batch.inputs.empty()) {
    return "inputs from a spectator";
  }
  if (confirmedTick > serverTick) {
    return fmt::format("ack of tick {} beyond server tick {}", confirmedTick, serverTick);
  }
  connection.sync.ackTick = std::max(connection.sync.ackTick, confirmedTick);
  if (confirmedTick > connection.sync.clientAck) {
    connection.sync.clientAck = confirmedTick;
    connection.sync.lastAckAdvance = now;
    connection.sync.stalledFullStates = 0;
  }
  if (connection.role != Connection::Role::Player) {
    return "";
  }
  const InputInbox::Receipt receipt = inbox_.receive(
      connection.slot, batch.firstTick(serverTick), batch.inputs, serverTick, config_.maxInputLead);
  if (!receipt.refusal.empty()) {
    return receipt.refusal;
  }
  metrics_.lateInputs += receipt.late;
  recordInputTiming(
      connection, batch.firstTick(serverTick) + static_cast<std::uint32_t>(batch.inputs.size()) - 1,
      receipt.margin);
  return "";
}

// A client sends one batch per tick it predicts, so the batches' newest ticks are gapless: the
// gaps are its input loss. Only a batch newer than all before it tells how early inputs come (a
// duplicate or a straggler would report a margin far too small).
void Room::recordInputTiming(Connection& connection, std::uint32_t newestTick,
                             std::optional<std::int16_t> margin) {
  if (!margin) {
    return;  // an empty batch: an ack only
  }
  connection.sync.inputLoss.receive(newestTick);
  if (newestTick <= connection.sync.newestInput) {
    return;
  }
  connection.sync.newestInput = newestTick;
  connection.sync.marginSinceSend = connection.sync.marginSinceSend
                                        ? std::min(*connection.sync.marginSinceSend, *margin)
                                        : *margin;
}

void Room::repairDesync(Outbox& outbox, Connection& connection, const net::DesyncReport& report,
                        double now, AddressRateLimit& addressRepairs) {
  ++metrics_.desyncReports;
  ++connection.sync.desyncReports;
  const TickHistory::Entry* entry = frames_.history().find(report.tick);
  if (now - connection.sync.lastDesyncLog >= 1.0) {  // at most one line a second per peer
    log_->warn(
        "room {}: {}: desync reported at tick {}: client hash {:016x}, server hash {} ({} "
        "reports from this peer)",
        name_, connection.address, report.tick, report.clientHash,
        entry ? fmt::format("{:016x}", entry->hash) : std::string("(out of history)"),
        connection.sync.desyncReports);
    connection.sync.lastDesyncLog = now;
  }
  if (now - connection.sync.lastRepairAt < kMinRepairSeconds ||
      !addressRepairs.admit(connection.ipv4, now)) {
    return;  // counted; the client reports again, and a later repair still comes
  }
  connection.sync.lastRepairAt = now;
  frames_.sendFullState(outbox, connection, entry ? report.tick : state_.tick, now);
}

bool Room::noteClientReport(Connection& connection, const net::ClientReport& report) {
  if (!plausibleReport(connection.sync.report, report, state_.tick - connection.sync.reportTick)) {
    return false;
  }
  connection.sync.reportTick = state_.tick;
  metrics_.reportedRollbacks +=
      report.rollbacks - std::min(report.rollbacks, connection.sync.report.rollbacks);
  metrics_.reportedMaxRollbackDepth =
      std::max<std::uint32_t>(metrics_.reportedMaxRollbackDepth, report.maxRollbackDepth);
  connection.sync.report = report;
  return true;
}

// Each client gets frames every `ticksPerSend` ticks, at its own phase: the clients are spread
// over the ticks in between, so a tick sends to a third of them (at 60 Hz and 20 sends a second),
// not all of them every third tick.
void Room::sendFramesTo(Outbox& outbox, Connection& connection, std::uint32_t ticksPerSend,
                        double now) {
  if (state_.tick < connection.sync.nextSendTick) {
    return;
  }
  const std::uint32_t inputAck = connection.role == Connection::Role::Player
                                     ? inbox_.inputAck(connection.slot, state_.tick)
                                     : state_.tick;
  frames_.sendFrames(outbox, connection, inputAck, now);
  connection.sync.nextSendTick += ticksPerSend;
  if (connection.sync.nextSendTick <= state_.tick) {  // fell behind (lag dropped): keep the phase
    connection.sync.nextSendTick +=
        (state_.tick - connection.sync.nextSendTick) / ticksPerSend * ticksPerSend + ticksPerSend;
  }
}

}  // namespace coyote
