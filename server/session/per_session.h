#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>

#include "server/session/connection.h"

namespace coyote {

/// What one part keeps about each session, its own limits and timers, by session id: the part
/// owns it, not the Connection. Each session's entry is made when the part first needs it and
/// dropped when the session ends (GameServer::onClosed asks every part to `forget` it), so a
/// part holds at most one entry per open session. A level change keeps it: the session goes on.
template <class State>
class PerSession {
 public:
  /// The state of `connection`'s session, made (value-initialised) if it had none.
  State& of(const Connection& connection) { return byId_[connection.id]; }
  /// The state of `connection`'s session, or nullptr if it has none yet.
  const State* find(const Connection& connection) const {
    const auto found = byId_.find(connection.id);
    return found == byId_.end() ? nullptr : &found->second;
  }
  void forget(const Connection& connection) { byId_.erase(connection.id); }
  /// Sessions it keeps state for.
  std::size_t size() const { return byId_.size(); }

 private:
  std::unordered_map<std::uint32_t, State> byId_;
};

}  // namespace coyote
