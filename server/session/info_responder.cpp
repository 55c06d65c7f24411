#include "server/session/info_responder.h"

namespace coyote {

// The source's share first, then the server's budget: a flood from many forged addresses gets
// 200 replies a second, no more.
bool InfoResponder::answer(const net::EnetHost& host, const ENetAddress& from,
                           std::span<const std::uint8_t> datagram, double now) {
  const std::optional<net::InfoRequest> request = net::parseInfoRequest(datagram);
  if (!request) {
    return false;
  }
  ++counters_.requests;
  if (!share_.admit(from.host, now)) {
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

}  // namespace coyote
