#include "server/session/info_fair_share.h"

#include <sodium.h>

namespace coyote {

InfoFairShare::InfoFairShare() : sources_(kSources) {
  if (sodium_init() >= 0) {
    randombytes_buf(hashKey_.data(), hashKey_.size());
  }
}

InfoFairShare::Source& InfoFairShare::sourceOf(std::uint32_t host, double now) {
  std::uint64_t hash = 0;
  crypto_shorthash(reinterpret_cast<unsigned char*>(&hash),
                   reinterpret_cast<const unsigned char*>(&host), sizeof(host), hashKey_.data());
  Source* set = &sources_[(hash % (kSources / kWays)) * kWays];
  Source* oldest = set;
  for (Source* way = set; way < set + kWays; ++way) {
    if (way->used && way->host == host) {
      return *way;
    }
    if (!way->used || (oldest->used && way->lastSeen < oldest->lastSeen)) {
      oldest = way;
    }
  }
  const bool pushedOut = oldest->used && now - oldest->lastSeen < kActiveSeconds;
  *oldest = Source{host, true, now, TokenBucket{kPerSourceBurst, kPerSourceRate}};
  if (pushedOut) {
    oldest->bucket.admit(now);  // not full: not quiet
  }
  return *oldest;
}

bool InfoFairShare::admit(std::uint32_t host, double now) {
  Source& source = sourceOf(host, now);
  source.lastSeen = now;
  const bool quiet = source.bucket.available(now, kPerSourceBurst);
  if (!source.bucket.admit(now)) {
    ++counters_.bySource;
    return false;
  }
  if (quiet && quiet_.admit(now)) {
    ++counters_.quiet;
    return true;
  }
  if (busy_.admit(now)) {
    ++counters_.busy;
    return true;
  }
  ++counters_.byBudget;
  return false;
}

}  // namespace coyote
