#include "server/info_responder.h"

#include <algorithm>

namespace coyote {

bool InfoResponder::answer(const net::EnetHost& host, const ENetAddress& from,
                           std::span<const std::uint8_t> datagram, double now) {
  const std::optional<net::InfoRequest> request = net::parseInfoRequest(datagram);
  if (!request) {
    return false;
  }
  ++counters_.requests;
  if (!allowed(from, now)) {
    ++counters_.throttled;
    return true;
  }
  net::ServerInfo info = info_(request->firstRoom);
  info.nonce = request->nonce;
  const std::vector<std::uint8_t> reply = net::encodeServerInfo(info);
  host.sendDatagram(from, reply);
  ++counters_.replies;
  counters_.replyBytes += reply.size();
  return true;
}

// A slot per address and port (a collision only delays one of two browsers), then the budget of
// the whole server: a flood from many forged addresses gets kRepliesPerSecond, no more.
bool InfoResponder::allowed(const ENetAddress& from, double now) {
  RateSlot& slot = rate_[(from.host * 2654435761u ^ from.port * 40503u) % kRateSlots];
  if (slot.host == from.host && slot.port == from.port &&
      now - slot.lastReply < kReplyIntervalSeconds) {
    return false;
  }
  budget_ = std::min(kRepliesPerSecond, budget_ + (now - budgetAt_) * kRepliesPerSecond);
  budgetAt_ = now;
  if (budget_ < 1.0) {
    return false;
  }
  budget_ -= 1.0;
  slot = RateSlot{from.host, from.port, now};
  return true;
}

}  // namespace coyote
