#include "server/bridges/records_bridge.h"

#include <fmt/format.h>

#include "match/race_time.h"
#include "server/names/player_name.h"
#include "wire/codec.h"

namespace coyote {

RecordsBridge::RecordsBridge(RecordsService* records, std::size_t queueLimit, ChatRouter& chat,
                             Outbox& outbox, std::shared_ptr<spdlog::logger> log)
    : records_(records),
      queueLimit_(queueLimit),
      chat_(chat),
      outbox_(outbox),
      log_(std::move(log)) {}

void RecordsBridge::playerJoined(const Room& room, int slot) {
  if (records_ != nullptr && !room.course().empty()) {
    records_->lookUp({room.name(), slot, room.slotName(slot), room.course()});
  }
}

// A spectator has no best of its own: the lookup has no slot, and its answer goes to every
// spectator of the room (the top is the same for all).
void RecordsBridge::spectatorJoined(const Room& room) {
  if (records_ != nullptr && !room.course().empty()) {
    records_->lookUp({room.name(), -1, "", room.course()});
  }
}

// Not an error on a room without records (nothing to send): the request is only dropped, as are
// requests beyond kGhostRequests in kGhostWindowSeconds.
void RecordsBridge::requestGhost(Connection& connection, const net::GhostRequest& request,
                                 double now) {
  const Room& room = *connection.room;
  if (records_ == nullptr || connection.role != Connection::Role::Player || room.course().empty()) {
    log_->debug("a ghost request in room {} dropped: no records there", room.name());
    return;
  }
  GhostWindow& window = askers_.of(connection);
  if (now - window.start > kGhostWindowSeconds) {
    window.start = now;
    window.requests = 0;
  }
  if (++window.requests > kGhostRequests) {
    return;
  }
  records_->lookUp({room.name(), connection.slot, room.slotName(connection.slot), room.course(),
                    request.which == net::GhostOf::Record ? RecordsLookup::What::RecordGhost
                                                          : RecordsLookup::What::BestGhost});
}

void RecordsBridge::exchange(const Rooms& rooms, std::int64_t unixNow) {
  if (records_ == nullptr) {
    return;
  }
  submitFinishedRuns(rooms, unixNow);
  records_->takeAnswers(answers_, changedCourses_);
  for (const RecordsAnswer& answer : answers_) {
    send(answer, rooms);
  }
  answers_.clear();
  for (const std::string& course : changedCourses_) {
    for (const auto& [name, room] : rooms) {
      if (room->course() != course) {
        continue;
      }
      bool spectators = false;
      for (const Connection* member : room->members()) {
        if (member->role == Connection::Role::Player) {
          records_->lookUp({room->name(), member->slot, room->slotName(member->slot), course});
        }
        spectators = spectators || member->role == Connection::Role::Spectator;
      }
      if (spectators) {
        spectatorJoined(*room);
      }
    }
  }
  changedCourses_.clear();
}

std::string RecordsBridge::nameOwner(const std::string& name) const {
  return records_ == nullptr || name.empty() ? "" : records_->nameOwner(nameKey(name));
}

bool RecordsBridge::releaseName(const std::string& name) {
  if (records_ == nullptr) {
    return false;
  }
  records_->releaseName(nameKey(name));
  log_->warn("records: the name {:?} is free for any player key again", name);
  return true;
}

void RecordsBridge::submitFinishedRuns(const Rooms& rooms, std::int64_t unixNow) {
  for (const auto& [name, room] : rooms) {
    const std::size_t before = finishedRuns_.size();
    room->takeFinishedRuns(finishedRuns_);
    for (std::size_t run = before; run < finishedRuns_.size(); ++run) {
      chat_.announce(*room, fmt::format("{} finished in {}", finishedRuns_[run].player,
                                        formatRaceTime(finishedRuns_[run].timeUs)));
    }
  }
  for (FinishedRun& run : finishedRuns_) {
    log_->info("records: {} finished {} in {:.3f} ms", run.player, run.level,
               static_cast<double>(run.timeUs) / 1000.0);
    run.nameKey = nameKey(run.player);  // on this thread: the records' thread never calls ICU
    run.finishedAt = unixNow;
    const std::string player = run.player;
    if (!records_->submit(std::move(run))) {
      log_->warn("records: the queue is full ({} runs): a run of {} is lost", queueLimit_, player);
    }
  }
  finishedRuns_.clear();
}

// To the player who asked, if it is still in that room and slot, on that course (an admin may
// have changed the room's level since).
void RecordsBridge::send(const RecordsAnswer& answer, const Rooms& rooms) {
  const auto room = rooms.find(answer.lookup.room);
  if (room == rooms.end() || room->second->course() != answer.lookup.course) {
    return;
  }
  if (answer.lookup.slot < 0) {  // a board for the spectators
    for (Connection* member : room->second->members()) {
      if (member->role == Connection::Role::Spectator) {
        outbox_.send(*member, net::encode(answer.message), net::kReliableChannel);
      }
    }
    return;
  }
  for (Connection* member : room->second->members()) {
    if (member->role == Connection::Role::Player && member->slot == answer.lookup.slot &&
        room->second->slotName(member->slot) == answer.lookup.player) {
      outbox_.send(*member, net::encode(answer.message), net::kReliableChannel);
      log_->debug("records: {} sent to {} in room {}", net::messageName(answer.message),
                  answer.lookup.player, answer.lookup.room);
      return;
    }
  }
}

}  // namespace coyote
