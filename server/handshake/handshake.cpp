#include "server/handshake/handshake.h"

#include <fmt/format.h>

#include "identity/hello_proof.h"
#include "server/names/player_name.h"
#include "wire/codec.h"

namespace coyote {

Handshake::Handshake(const ServerConfig& config, std::shared_ptr<spdlog::logger> log,
                     Outbox& sessions, RoomDirectory& rooms, Moderation& moderation,
                     ChatRouter& chat, RecordsBridge& records, const OverloadGovernor& governor,
                     SendPhase sendPhase, ServerAddresses addresses)
    : config_(config),
      log_(std::move(log)),
      sessions_(sessions),
      rooms_(rooms),
      moderation_(moderation),
      chat_(chat),
      records_(records),
      governor_(governor),
      sendPhase_(std::move(sendPhase)),
      addresses_(std::move(addresses)),
      joins_(4 * config.peersPerAddress, 10.0) {}

void Handshake::hello(Connection& connection, const net::Hello& hello, double now) {
  if (const std::string refusal = refusalOf(connection, hello, now); !refusal.empty()) {
    refuse(connection, refusal, now);
    return;
  }
  auto found = rooms_.roomFor(hello.room, connection.ipv4, governor_.refusesJoins(), now);
  if (const std::string* refusal = std::get_if<std::string>(&found)) {
    refuse(connection, *refusal, now);
    return;
  }
  Room& room = *std::get<Room*>(found);
  const int reserved = room.reservedSlot(hello.reconnectToken);
  const bool newcomer =
      !hello.spectator && (reserved < 0 || room.slotOwner(reserved) != connection.fingerprint);
  const bool admitted = hello.spectator ? admitSpectator(room, connection, now)
                                        : admitPlayer(room, connection, hello, now);
  if (!admitted) {
    return;
  }
  room.enter(connection);
  welcome(room, connection, hello, now);
  if (!config_.motd.empty()) {  // the message of the day, to whoever comes in
    chat_.greet(connection, config_.motd);
  }
  if (hello.spectator) {
    records_.spectatorJoined(room);  // the race's top 10, for its scoreboard
  }
  if (newcomer) {  // after the Welcome, so that the newcomer reads it too
    chat_.announce(room, fmt::format("{} joined", room.slotName(connection.slot)));
  }
}

namespace {

std::string versionRefusal(std::uint16_t version) {
  return fmt::format("protocol version {} is not supported; the server speaks version {}", version,
                     net::kProtocolVersion);
}

}  // namespace

bool Handshake::unreadableHello(Connection& connection, std::uint16_t version, double now) {
  // Any other number is noise, not a client: dropped as malformed like the rest of it.
  constexpr std::uint16_t kNewestConceivable = net::kProtocolVersion + 16;
  if (version == net::kProtocolVersion || version == 0 || version > kNewestConceivable) {
    return false;
  }
  log_->warn("{}: refused: protocol version {} (server speaks {})", connection.address, version,
             net::kProtocolVersion);
  refuse(connection, versionRefusal(version), now);
  return true;
}

std::string Handshake::refusalOf(Connection& connection, const net::Hello& hello, double now) {
  if (hello.protocolVersion != net::kProtocolVersion) {
    log_->warn("{}: refused: protocol version {} (server speaks {})", connection.address,
               hello.protocolVersion, net::kProtocolVersion);
    return versionRefusal(hello.protocolVersion);
  }
  if (std::string problem = nameProblem(hello.name); !problem.empty()) {
    return problem;
  }
  if (!joins_.admit(connection.ipv4, now)) {
    return "too many joins from this address; try again in a few seconds";
  }
  if (std::string refusal = keyRefusal(connection, hello, now); !refusal.empty()) {
    return refusal;
  }
  std::string refusal = moderation_.joinRefusal(
      connection.ipv4, {hello.name, connection.fingerprint, connection.host}, hello.password, now);
  if (const auto summary = refusalLog_.due(now)) {
    log_->info("{}", *summary);
  }
  if (!refusal.empty() && refusalLog_.note(connection.ipv4, now)) {
    log_->info("{}: refused {:?}: {}", connection.address, hello.name, refusal);
  }
  return refusal;
}

// Checked after the joins an address may make, so that an address costs at most that many
// signature checks (about 50 µs each) in 10 s.
std::string Handshake::keyRefusal(Connection& connection, const net::Hello& hello, double now) {
  std::string refusal;
  if (hello.key.empty()) {
    refusal = "the Hello carries no player key";
  } else if (!addresses_.contains(hello.server, now)) {
    refusal = ServerAddresses::refusal(hello.server);
  } else if (!identity::helloSignatureValid(hello.key, hello.signature, connection.cookie,
                                            hello.server)) {
    refusal = "the Hello's signature does not prove its player key for this connection";
  }
  if (const auto summary = keyLog_.due(now)) {
    log_->info("{}", *summary);
  }
  if (refusal.empty()) {
    connection.key = hello.key;
    connection.fingerprint = identity::keyFingerprint(hello.key);
  } else if (keyLog_.note(connection.ipv4, now)) {
    log_->info("{}: refused {:?}: {}", connection.address, hello.name, refusal);
  }
  return refusal;
}

void Handshake::welcome(Room& room, Connection& connection, const net::Hello& hello, double now) {
  std::vector<std::uint8_t> encoded =
      net::encode(room.welcome(connection, hello, sendPhase_(), now));
  sessions_.send(connection, encoded, net::kReliableChannel);
  connection.sync.welcomeCopies.keep(std::move(encoded), now);
}

void Handshake::readmit(Connection& connection, Room& room, const std::string& player, double now) {
  net::Hello hello;
  hello.spectator = player.empty();
  hello.name = player;
  connection.moveToNewRoom();
  room.enter(connection);
  if (!player.empty()) {
    const int slot = room.claimSlot(hello.name, connection.fingerprint);
    if (slot < 0) {
      chat_.kick(connection, "the room's new level has no place for you", now);
      return;
    }
    room.admitPlayer(connection, slot, false);
  } else if (!room.admitSpectator(connection)) {
    chat_.kick(connection, "the room's new level has no place for another spectator", now);
    return;
  }
  welcome(room, connection, hello, now);
}

void Handshake::repeatedHello(Connection& connection, double now) {
  const std::span<const std::uint8_t> copy = connection.sync.welcomeCopies.answerRepeatedHello(
      now, connection.roundTripSeconds, connection.bytesReceived);
  if (!copy.empty()) {
    sessions_.send(connection, copy, net::kUnreliableChannel);
    ++counters_.welcomeCopies;
  }
}

bool Handshake::admitSpectator(Room& room, Connection& connection, double now) {
  if (governor_.refusesJoins()) {
    refuse(connection, "server busy (overloaded); try again later", now);
    return false;
  }
  if (!room.admitSpectator(connection)) {
    refuse(connection, "no room for another spectator", now);
    return false;
  }
  return true;
}

bool Handshake::admitPlayer(Room& room, Connection& connection, const net::Hello& hello,
                            double now) {
  int slot = reconnectingSlot(room, connection, hello.reconnectToken, now);
  if (slot == -1 && !hello.name.empty()) {
    slot = sameKeysSlot(room, connection, hello.name, now);
  }
  if (slot == -2) {
    refuse(connection, "too many wrong reconnect tokens from this address; try later", now);
    return false;
  }
  const bool reconnecting = slot >= 0;
  if (!reconnecting && governor_.refusesJoins()) {
    refuse(connection, "server busy (overloaded); try again later", now);
    return false;
  }
  if (reconnecting) {
    // Whoever comes back plays under the slot's name, whatever its Hello says: so a ban or a
    // mute of that name since it left holds.
    const std::string refusal = moderation_.joinRefusal(
        connection.ipv4, {room.slotName(slot), connection.fingerprint, connection.host},
        hello.password, now);
    if (!refusal.empty()) {
      log_->info("{}: refused the return of {:?}: {}", connection.address, room.slotName(slot),
                 refusal);
      refuse(connection, refusal, now);
      return false;
    }
  } else if (!hello.name.empty() && rooms_.nameTakenFor(hello.name, connection.fingerprint)) {
    refuse(connection,
           fmt::format("the name {} is taken on this server; choose another", hello.name), now);
    return false;
  } else if (const std::string owner = records_.nameOwner(hello.name);
             !owner.empty() && owner != connection.fingerprint) {
    refuse(connection,
           fmt::format("the name {} set records here and belongs to their player's key; "
                       "choose another",
                       hello.name),
           now);
    return false;
  } else if (!hello.name.empty()) {
    rooms_.releaseReservationsOf(hello.name, connection.fingerprint, room);  // back, no token
  }
  if (!reconnecting) {
    slot = room.claimSlot(hello.name, connection.fingerprint);
    if (slot < 0) {
      refuse(connection,
             fmt::format("room {} is full ({} players)", room.name(), config_.maxPlayers), now);
      return false;
    }
  }
  room.admitPlayer(connection, slot, reconnecting);
  records_.playerJoined(room, slot);
  return true;
}

// The slot a reconnect token reserves in `room`, or -1; -2 when the token reserves nothing and
// this address has guessed wrong too often. A correct token is checked first and always let in:
// only wrong guesses are limited (5 per address in 10 s, address_rate_limit.h).
int Handshake::reconnectingSlot(Room& room, Connection& connection,
                                const net::ReconnectToken& token, double now) {
  if (token.empty()) {
    return -1;
  }
  const int slot = room.reservedSlot(token);
  // A token seen by someone else (a log, a shoulder) brings back nobody but its player's key.
  const bool othersKey = slot >= 0 && room.slotOwner(slot) != connection.fingerprint;
  if (slot < 0 || othersKey) {
    if (!wrongTokens_.admit(connection.ipv4, now)) {
      return -2;
    }
    log_->info("{}: reconnect token {} {} in room {}", connection.address, token.shortForm(),
               othersKey ? "is another key's" : "reserves nothing", room.name());
    return -1;
  }
  if (room.slotConnected(slot) && !replaceOldConnection(room, slot, now)) {
    return -1;  // its old connection was kicked: the slot is not coming back
  }
  return slot;
}

// A Hello without a token whose key plays in `room` under that very name, on a connection the
// server has not yet seen die (a game restarted, a bot run whose goodbyes were lost): it is that
// player back, as a token would have brought it. -1 otherwise.
int Handshake::sameKeysSlot(Room& room, Connection& connection, const std::string& name,
                            double now) {
  const int slot = room.connectedSlotOf(nameKey(name), connection.fingerprint);
  if (slot < 0 || !replaceOldConnection(room, slot, now)) {
    return -1;
  }
  return slot;
}

// The player came back on a new connection before the server noticed that its old one died:
// the old one, a member of the room, is closed quietly and the slot handed over (false if it was
// kicked).
bool Handshake::replaceOldConnection(const Room& room, int slot, double now) {
  for (Connection* member : room.members()) {
    if (member->role != Connection::Role::Player || member->slot != slot) {
      continue;
    }
    if (member->kicked()) {
      return false;
    }
    log_->info("player {} (slot {}) came back on a new connection; the old one from {} is closed",
               room.slotName(slot), slot, member->address);
    sessions_.close(*member, {Closing::Kind::kReplaced, {}}, now);  // nobody left
    return true;
  }
  return true;
}

}  // namespace coyote
