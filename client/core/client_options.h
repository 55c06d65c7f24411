#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "client/core/confirmed_step.h"
#include "identity/player_key.h"
#include "wire/protocol.h"
#include "wire/reconnect_token.h"
#include "wire/room_name.h"

namespace coyote {

/// How a client connects and predicts.
struct ClientOptions {
  std::string host = "127.0.0.1";
  std::string bindAddress;  ///< the local address to send from ("": any); tests and bots use it
  std::uint16_t port = net::kDefaultPort;
  std::string name = "player";
  std::string room = std::string(net::kDefaultRoom);  ///< the match to join on the server
  std::string password;                               ///< the server's password, if it has one
  bool spectator = false;
  /// Who the player is on every server (docs/protocol.md#player-keys); null: a new key is made
  /// for this connection alone.
  std::shared_ptr<const identity::PlayerKey> key;
  net::ReconnectToken reconnectToken;  ///< from an earlier session, to get the same player back
  std::uint16_t protocolVersion = net::kProtocolVersion;  ///< only tests change it
  int inputDelay = 0;             ///< ticks between sampling an input and applying it
  int targetMargin = 2;           ///< ticks early our inputs should reach the server
  int redundancy = 16;            ///< unacknowledged inputs repeated in each packet
  int maxPredictionTicks = 60;    ///< rollback window: the client waits rather than predict further
  double connectTimeout = 15.0;   ///< s to join, cookie requests and ENet retries included
  double serverTimeout = 5.0;     ///< s without a packet from the server: the connection is dead
  double reliableTimeout = 20.0;  ///< s a reliable message may go unacknowledged (ENet)
  double reportInterval = 5.0;    ///< s between ClientReports to the server
  bool trackCorrections = false;  ///< keep rollback corrections for a renderer to take
  /// How confirmed ticks are stepped: the server's own step. Only tests change it, to make a
  /// client go wrong on purpose (client/core/predictor.h).
  ConfirmedStep confirmedStep = applyAuthoritativeTick;
};

}  // namespace coyote
