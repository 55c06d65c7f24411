#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "client/core/reply_catcher.h"
#include "net/enet.h"

#include "limits/token_bucket.h"
#include "wire/server_info.h"

namespace coyote {

/// One server a ServerQuery heard from.
struct ServerListing {
  std::string address;   ///< "host:port", as a player would type it
  net::ServerInfo info;  ///< with every room of it, all pages put together
  double pingMs = 0.0;   ///< from the request leaving to the reply of its first page arriving
  bool lan = false;      ///< found by the broadcast, not listed
};

/// The server browser's half of the info query (net/server_info.h): asks every server it is given
/// (favourites, recent, the masters' lists) and broadcasts on the local network (and to this
/// machine, where a broadcast may not loop back), then collects the replies with their ping,
/// asking again for the rooms a reply could not hold. No peer, no handshake: one UDP socket.
/// Requests are paced (kQueriesPerSecond), so a list of thousands neither floods the player's
/// link nor loses replies to its own burst. Replies are checked like any hostile bytes; a reply
/// from nobody it asked, or with another nonce, is dropped.
class ServerQuery {
 public:
  /// `servers`: hosts with ports to ask; `lanPorts`: ports to broadcast to (none: no discovery),
  /// at `broadcast` (the tests use the loopback network's, 127.255.255.255).
  ServerQuery(std::vector<std::pair<std::string, std::uint16_t>> servers,
              std::vector<std::uint16_t> lanPorts,
              const std::string& broadcast = "255.255.255.255");
  ~ServerQuery();

  /// Asks `host` (a name or "a.b.c.d") at `port` too, after the servers already given; a server
  /// given twice is asked once.
  void add(const std::string& host, std::uint16_t port);
  /// Requests still to send their first time (the pacing's queue).
  std::size_t waiting() const;
  ServerQuery(const ServerQuery&) = delete;
  ServerQuery& operator=(const ServerQuery&) = delete;

  /// Sends what is due (a first request, or again after kRetrySeconds, kTries times) and reads
  /// the replies.
  void update(double now);
  /// Every server heard from so far, ordered by address.
  std::vector<ServerListing> servers() const;
  /// Requests sent so far (first ones, retries and further pages of rooms).
  std::size_t requestsSent() const { return requestSentAt_.size(); }
  /// Requests sent so far to the IPv4 address `ip` ("a.b.c.d"), all its ports together.
  std::size_t requestsTo(const std::string& ip) const;
  /// Replies dropped as malformed or unasked for.
  std::uint64_t dropped() const { return dropped_; }

  static constexpr double kRetrySeconds = 0.5;
  static constexpr int kTries = 5;  ///< 2.5 s: a busy server or a lost datagram is heard yet
  static constexpr double kQueriesPerSecond = 100.0;
  static constexpr double kQueryBurst = 10.0;
  /// What one address is sent at most, whatever a list says (docs/protocol.md#the-server-list): a
  /// hostile master that lists thousands of ports of someone's address turns no client into a
  /// flood. Ports of one address asked about, and requests to one address a second.
  static constexpr int kMaxPortsPerAddress = 32;
  static constexpr double kQueriesPerAddressPerSecond = 8.0;

 private:
  struct Target {
    ENetAddress address{};
    std::string text;
    bool broadcast = false;
    bool answered = false;
    int tries = 0;
    double lastSentAt = -1.0;
  };
  struct Heard {
    ServerListing listing;
    ENetAddress from{};
    std::uint16_t nextRoom = 0;  ///< rooms still to ask for from here (all heard: roomCount)
    double pageSentAt = -1.0;
  };

  /// Sends a request if the pacing allows; false if it does not (yet).
  bool send(const ENetAddress& to, std::uint16_t firstRoom, double now);
  void askTargets(double now);
  void askForMoreRooms(double now);
  /// Takes the replies the catcher read meanwhile, each with the time it arrived.
  void receive();
  void take(const ENetAddress& from, const net::ServerInfo& info, double arrivedAt);
  bool duplicateOnThisMachine(const ServerListing& listing) const;

  /// Servers heard from that nobody asked by name (the LAN's): a hostile LAN grows the list no
  /// more.
  static constexpr std::size_t kMaxUnaskedServers = 256;
  static constexpr std::size_t kMaxTargets = 25000;    ///< the largest list, the LAN and more
  static constexpr std::size_t kMaxRequests = 131072;  ///< send times kept, by nonce

  static std::uint64_t key(const ENetAddress& address);

  ENetSocket socket_;
  std::uint32_t nonceBase_;            ///< a request's nonce is this plus its index
  std::vector<double> requestSentAt_;  ///< by request index: monotonicSeconds() as it left
  std::vector<Target> targets_;
  std::unordered_map<std::uint64_t, std::size_t> targetIndex_;  ///< by key(address), not LAN
  std::size_t firstUnasked_ = 0;  ///< targets before it were asked at least once, in order
  TokenBucket pacing_{kQueryBurst, kQueriesPerSecond};
  std::unordered_map<std::uint32_t, int> portsOf_;             ///< targets by host, within the cap
  std::unordered_map<std::uint32_t, TokenBucket> perAddress_;  ///< requests by host
  std::unordered_map<std::uint32_t, std::size_t> sentTo_;      ///< requests by host, counted
  std::map<std::string, Heard> heard_;  ///< by "ip:port" of the reply's sender
  std::size_t unasked_ = 0;             ///< of heard_, the servers no target named
  std::uint64_t dropped_ = 0;
  std::unique_ptr<ReplyCatcher> catcher_;  ///< reads the socket_; gone before it is closed
};

}  // namespace coyote
