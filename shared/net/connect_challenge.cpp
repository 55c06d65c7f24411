#include "net/connect_challenge.h"

#include <algorithm>

#include "net/connect_cookie.h"
#include "wire/protocol.h"

namespace coyote::net {

ConnectChallenge::ConnectChallenge(EnetHost& host, const ENetAddress& server)
    : host_(host), server_(server) {
  host_.setDatagramFilter([this](const ENetAddress& from, std::span<const std::uint8_t> bytes) {
    const bool fromServer = from.host == server_.host && from.port == server_.port;
    if (const std::optional<ConnectRefusalReply> refusal = parseConnectRefusal(bytes)) {
      if (fromServer && peer_ != nullptr && refusal->connectId == peer_->connectID) {
        refusal_ = refusal->reason;
        everAnswered_ = true;
      }
      return true;
    }
    const std::optional<std::uint32_t> cookie = parseCookieReply(bytes);
    if (!cookie) {
      return false;  // ENet's own traffic
    }
    if (fromServer && !connecting_) {
      cookie_ = cookie;
    }
    everAnswered_ = everAnswered_ || fromServer;
    return true;
  });
}

// A request and its reply are 44 bytes on the wire: asking often costs nothing, and on a lossy
// link (25 % each way: nearly one exchange in two fails) waiting costs seconds. Quick for the
// whole 5 s before a client reports that no server answered: 20 requests all failing is 1 in
// 10^7 at that loss, where the 11 of 0.25 s then 1 s were 1 in 10^4, and one of four bots in a
// CI run gave up that way.
double ConnectChallenge::retryDelay(int requestsSent) {
  return requestsSent < kQuickRequests ? 0.25 : 1.0;
}

ENetPeer* ConnectChallenge::update(double now) {
  if (connecting_) {
    return nullptr;
  }
  if (cookie_) {
    connecting_ = true;
    ENetPeer* peer = enet_host_connect(host_.get(), &server_, kChannelCount, *cookie_);
    peer_ = peer;
    return peer;
  }
  if (nextRequestAt_ < 0.0 || now >= nextRequestAt_) {
    const CookieRequest request = makeCookieRequest();
    host_.sendDatagram(server_, request);
    ++requestsSent_;
    ++attemptRequests_;
    nextRequestAt_ = now + retryDelay(attemptRequests_);
  }
  return nullptr;
}

void ConnectChallenge::restart(double now) {
  cookie_.reset();
  refusal_.reset();
  peer_ = nullptr;
  connecting_ = false;
  attemptRequests_ = 0;
  nextRequestAt_ = now;
}

}  // namespace coyote::net
