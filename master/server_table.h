#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "listing/master_token.h"
#include "wire/player_identity.h"

namespace coyote {

/// The servers a master lists: one entry per proven address and port, each with the text the
/// list shows for it. Bounded in all and per source IP; an entry leaves when it has not been
/// heard from for the expiry.
class ServerTable {
 public:
  struct Limits {
    std::size_t maxServers = 20000;
    std::size_t serversPerAddress = 32;
    double expirySeconds = 45.0;
  };
  enum class Outcome { Listed, Refreshed, Full, AddressFull };

  explicit ServerTable(Limits limits) : limits_(limits) {}

  /// A proven registration from `source` (an IPv4 address in network byte order) for
  /// `endpoint`, whose list entry is `entryJson`. A new endpoint is listed within the limits;
  /// a listed one is refreshed, whoever listed it before (the proof shows it is the server
  /// there now: a restarted one, with a new challenge).
  Outcome list(const net::ServerEndpoint& endpoint, std::uint32_t source,
               const listing::Challenge& challenge, std::string entryJson, double now);
  /// Whether a server that registered from another source holds `endpoint` (whatever challenge
  /// the asker copies): a registration that is not proven yet is refused then, and no token is
  /// sent for it.
  bool heldByAnother(const net::ServerEndpoint& endpoint, std::uint32_t source) const;
  /// Takes `endpoint` off the list if `challenge` is the one it was listed with; whether it was.
  bool remove(const net::ServerEndpoint& endpoint, const listing::Challenge& challenge);
  /// Drops the entries unheard of for the expiry; how many went.
  std::size_t expire(double now);

  std::size_t size() const { return entries_.size(); }
  /// Changes whenever an entry comes, goes or changes: the list is rebuilt only then.
  std::uint64_t version() const { return version_; }
  /// Every entry's text, ordered by address and port.
  std::vector<std::string> entries() const;
  /// When `endpoint` was first listed (-1: not listed).
  double listedSince(const net::ServerEndpoint& endpoint) const;

 private:
  struct Entry {
    std::uint32_t source = 0;
    listing::Challenge challenge{};
    std::string json;
    double listedAt = 0.0;
    double heardAt = 0.0;
  };
  static std::uint64_t key(const net::ServerEndpoint& endpoint);

  Limits limits_;
  std::map<std::uint64_t, Entry> entries_;  ///< by key(endpoint)
  std::unordered_map<std::uint32_t, std::size_t> perSource_;
  std::uint64_t version_ = 0;
};

}  // namespace coyote
