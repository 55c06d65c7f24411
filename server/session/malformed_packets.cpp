#include "server/session/malformed_packets.h"

#include "wire/messages.h"

namespace coyote {

bool MalformedPackets::reject(Connection& connection, const std::string& reason, double now) {
  Count& count = sessions_.of(connection);
  if (now - count.movedAt < kMoveGraceSeconds) {
    return false;
  }
  if (now - count.windowStart > kWindowSeconds) {
    count.windowStart = now;
    count.packets = 0;
  }
  ++count.packets;
  if (now - count.lastLog >= 1.0) {  // once per session per second
    log_->warn("{}: dropped malformed packet ({}); {} in the last {} s", connection.address, reason,
               count.packets, kWindowSeconds);
    count.lastLog = now;
  }
  if (count.packets > limit_) {
    log_->warn("{}: disconnected after {} malformed packets", connection.address, count.packets);
    count.packets = 0;
    outbox_.kick(connection, net::Goodbye{"too many malformed packets"}, now);
  }
  return true;
}

}  // namespace coyote
