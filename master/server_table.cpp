#include "master/server_table.h"

#include <arpa/inet.h>

namespace coyote {

std::uint64_t ServerTable::key(const net::ServerEndpoint& endpoint) {
  return (static_cast<std::uint64_t>(ntohl(endpoint.host)) << 16) | endpoint.port;
}

ServerTable::Outcome ServerTable::list(const net::ServerEndpoint& endpoint, std::uint32_t source,
                                       const listing::Challenge& challenge, std::string entryJson,
                                       double now) {
  const auto found = entries_.find(key(endpoint));
  if (found != entries_.end()) {
    Entry& entry = found->second;
    if (entry.source != source) {
      perSource_[source] += 1;
      if (--perSource_[entry.source] == 0) {
        perSource_.erase(entry.source);
      }
    }
    version_ += entry.json != entryJson ? 1 : 0;
    entry = {source, challenge, std::move(entryJson),
             entry.challenge == challenge ? entry.listedAt : now, now};
    return Outcome::Refreshed;
  }
  if (entries_.size() >= limits_.maxServers) {
    return Outcome::Full;
  }
  const auto counted = perSource_.find(source);
  if (counted != perSource_.end() && counted->second >= limits_.serversPerAddress) {
    return Outcome::AddressFull;
  }
  entries_.emplace(key(endpoint), Entry{source, challenge, std::move(entryJson), now, now});
  perSource_[source] += 1;
  version_ += 1;
  return Outcome::Listed;
}

bool ServerTable::heldByAnother(const net::ServerEndpoint& endpoint, std::uint32_t source) const {
  const auto found = entries_.find(key(endpoint));
  return found != entries_.end() && found->second.source != source;
}

bool ServerTable::remove(const net::ServerEndpoint& endpoint, const listing::Challenge& challenge) {
  const auto found = entries_.find(key(endpoint));
  if (found == entries_.end() || found->second.challenge != challenge) {
    return false;
  }
  if (--perSource_[found->second.source] == 0) {
    perSource_.erase(found->second.source);
  }
  entries_.erase(found);
  version_ += 1;
  return true;
}

std::size_t ServerTable::expire(double now) {
  std::size_t gone = 0;
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (now - it->second.heardAt < limits_.expirySeconds) {
      ++it;
      continue;
    }
    if (--perSource_[it->second.source] == 0) {
      perSource_.erase(it->second.source);
    }
    it = entries_.erase(it);
    ++gone;
  }
  version_ += gone > 0 ? 1 : 0;
  return gone;
}

std::vector<std::string> ServerTable::entries() const {
  std::vector<std::string> texts;
  texts.reserve(entries_.size());
  for (const auto& [key, entry] : entries_) {
    texts.push_back(entry.json);
  }
  return texts;
}

double ServerTable::listedSince(const net::ServerEndpoint& endpoint) const {
  const auto found = entries_.find(key(endpoint));
  return found == entries_.end() ? -1.0 : found->second.listedAt;
}

}  // namespace coyote
