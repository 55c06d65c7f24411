#include "net/connect_gate.h"

#include <cmath>
#include <stdexcept>

#include <sodium.h>

namespace coyote::net {
namespace {

std::int64_t bucketAt(double now) {
  return static_cast<std::int64_t>(std::floor(now / ConnectGate::kBucketSeconds));
}

}  // namespace

ConnectGate::ConnectGate() {
  if (sodium_init() < 0) {
    throw std::runtime_error("libsodium could not be initialized");
  }
  randombytes_buf(secret_.data(), secret_.size());
}

std::uint64_t ConnectGate::keyedHash(const ENetAddress& address, std::int64_t domain) const {
  std::array<std::uint8_t, 14> message{};
  for (std::size_t i = 0; i < 4; ++i) {
    message[i] = static_cast<std::uint8_t>(address.host >> (8 * i));
  }
  message[4] = static_cast<std::uint8_t>(address.port);
  message[5] = static_cast<std::uint8_t>(address.port >> 8);
  for (std::size_t i = 0; i < 8; ++i) {
    message[6 + i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(domain) >> (8 * i));
  }
  std::array<std::uint8_t, crypto_shorthash_BYTES> hash{};
  crypto_shorthash(hash.data(), message.data(), message.size(), secret_.data());
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < hash.size(); ++i) {
    value |= static_cast<std::uint64_t>(hash[i]) << (8 * i);
  }
  return value;
}

std::uint32_t ConnectGate::cookieFor(const ENetAddress& address, double now) const {
  return static_cast<std::uint32_t>(keyedHash(address, bucketAt(now)));
}

bool ConnectGate::validCookie(const ENetAddress& from, std::uint32_t cookie, double now) const {
  const std::int64_t bucket = bucketAt(now);
  const auto current = static_cast<std::uint32_t>(keyedHash(from, bucket));
  const auto previous = static_cast<std::uint32_t>(keyedHash(from, bucket - 1));
  return cookie == current || cookie == previous;  // both always computed: no timing hint
}

// One reply of a kind per address per 100 ms; the kind is hashed in place of a time bucket. A
// slot shared by two addresses (a keyed hash picks it) only delays one of them: it asks again.
bool ConnectGate::replyAllowed(const ENetAddress& from, double now, Reply kind) {
  RateSlot& slot = rate_[keyedHash(from, static_cast<std::int64_t>(kind)) % kRateSlots];
  if (slot.host == from.host && slot.port == from.port &&
      now - slot.lastReply < kReplyIntervalSeconds) {
    return false;
  }
  slot = RateSlot{from.host, from.port, now};
  return true;
}

ConnectGate::Decision ConnectGate::inspect(const ENetAddress& from,
                                           std::span<const std::uint8_t> datagram, double now) {
  if (isCookieRequest(datagram)) {
    if (!replyAllowed(from, now, Reply::kCookie)) {
      ++counters_.requestsThrottled;
      return {true, std::nullopt};
    }
    ++counters_.repliesSent;
    const CookieReply reply = makeCookieReply(cookieFor(from, now));
    return {true, std::vector<std::uint8_t>(reply.begin(), reply.end())};
  }
  const EnetDatagram enet = classifyEnetDatagram(datagram);
  if (enet.kind == EnetDatagram::Kind::kForPeer) {
    return {};
  }
  if (enet.kind == EnetDatagram::Kind::kConnect && validCookie(from, enet.connectData, now)) {
    return admit(from, enet.connectId, now);
  }
  ++counters_.connectsRefused;
  return {true, std::nullopt};
}

// The cookie proved the address: the refusal goes to the real sender, and it is smaller than the
// CONNECT it answers.
ConnectGate::Decision ConnectGate::admit(const ENetAddress& from, std::uint32_t connectId,
                                         double now) {
  const std::optional<ConnectRefusal> refusal =
      admission_ ? admission_(from, connectId) : std::nullopt;
  if (!refusal) {
    return {};
  }
  ++counters_.connectsTurnedAway;
  if (!replyAllowed(from, now, Reply::kRefusal)) {
    return {true, std::nullopt};
  }
  ++counters_.refusalsSent;
  const auto datagram = makeConnectRefusal(*refusal, connectId);
  return {true, std::vector<std::uint8_t>(datagram.begin(), datagram.end())};
}

bool ConnectGate::screen(const EnetHost& host, const ENetAddress& from,
                         std::span<const std::uint8_t> datagram, double now) {
  const Decision decision = inspect(from, datagram, now);
  if (decision.reply) {
    host.sendDatagram(from, *decision.reply);
  }
  return decision.consumed;
}

}  // namespace coyote::net
