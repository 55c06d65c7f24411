#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "identity/player_key.h"
#include "support/raw_peer.h"
#include "util/monotonic_clock.h"

namespace coyote::test {

/// One client speaking for itself from its own loopback address: a Hello, then what came back.
struct Stranger {
  RawPeer peer;
  /// The Refusal's reason, "welcome" for a Welcome, "" while neither came.
  std::string answer;
  net::ReconnectToken token;
  std::vector<net::Message> heard;  ///< every message since the answer

  /// `key`: the player's (else the peer's own); `signedFor`: the server address its Hello is
  /// signed for (else the server's).
  Stranger(int port, const std::string& address, net::Hello hello,
           const std::optional<identity::PlayerKey>& key = std::nullopt,
           const std::optional<net::ServerEndpoint>& signedFor = std::nullopt)
      : peer(static_cast<std::uint16_t>(port), std::nullopt, address) {
    if (key) {
      peer.useKey(*key);
    }
    if (signedFor) {
      peer.signFor(*signedFor);
    }
    const double deadline = monotonicSeconds() + 5.0;
    bool sent = false;
    while (answer.empty() && monotonicSeconds() < deadline) {
      pump();
      if (peer.connected() && !sent) {
        peer.send(hello, net::kReliableChannel);
        sent = true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  void pump() {
    peer.poll(monotonicSeconds());
    for (net::Message& message : peer.takeMessages()) {
      if (const auto* refusal = std::get_if<net::Refusal>(&message)) {
        answer = refusal->reason;
      } else if (const auto* welcome = std::get_if<net::Welcome>(&message)) {
        answer = "welcome";
        token = welcome->reconnectToken;
      } else {
        heard.push_back(std::move(message));
      }
    }
  }
  void say(const std::string& text) { peer.send(net::ChatSay{text}, net::kReliableChannel); }
  /// The goodbye it was told, "" if none.
  std::string goodbye() const {
    for (const net::Message& message : heard) {
      if (const auto* bye = std::get_if<net::Goodbye>(&message)) {
        return bye->reason;
      }
    }
    return "";
  }
  /// The texts of the lines of `kind` it heard.
  std::vector<std::string> lines(net::ChatKind kind) const {
    std::vector<std::string> texts;
    for (const net::Message& message : heard) {
      if (const auto* line = std::get_if<net::ChatLine>(&message); line && line->kind == kind) {
        texts.push_back(line->text);
      }
    }
    return texts;
  }
};

/// Services every one of `crowd` for `seconds`.
inline void pumpFor(const std::vector<Stranger*>& crowd, double seconds) {
  const double until = monotonicSeconds() + seconds;
  while (monotonicSeconds() < until) {
    for (Stranger* stranger : crowd) {
      stranger->pump();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

inline net::Hello helloAs(const std::string& name, net::ReconnectToken token = {}) {
  net::Hello hello;
  hello.name = name;
  hello.reconnectToken = token;
  return hello;
}

/// What a player who joined and left keeps: its reconnect token and its key.
struct Departed {
  std::string answer;  ///< what its Hello got ("welcome")
  net::ReconnectToken token;
  identity::PlayerKey key;
};

/// `name` (of `key`, or of a key of its own) joins from `address` and leaves at once.
inline Departed joinAndLeave(int port, const std::string& address, const std::string& name,
                             const std::optional<identity::PlayerKey>& key = std::nullopt) {
  std::optional<Stranger> player;
  player.emplace(port, address, helloAs(name), key);
  Departed departed{player->answer, player->token, player->peer.key()};
  player->peer.disconnect();
  player.reset();
  return departed;
}

}  // namespace coyote::test
