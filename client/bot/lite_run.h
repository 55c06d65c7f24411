#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/logger.h>
#include <nlohmann/json.hpp>

#include "client/core/client_options.h"
#include "client/core/lite_client.h"

namespace coyote::bot {

/// `coyote-bot --lite`: the load generator. Each client joins its room, plays its inputs and
/// acknowledges its frames without predicting, so one process drives hundreds of them.
class LiteRun {
 public:
  /// Clients are named and placed by the caller; `inputs` feed them in the same order.
  void add(ClientOptions options, std::shared_ptr<spdlog::logger> logger,
           LiteClient::InputSource inputs);
  /// Updates every client about once a tick (spread over the tick) for `seconds`.
  void play(double seconds);
  void disconnect();
  /// What was observed: per client, per room and in total. `converged` only if every client was
  /// still playing at the end, its frames still arriving and no hash check failed.
  nlohmann::ordered_json summary(double seconds, double now) const;

 private:
  std::vector<std::unique_ptr<LiteClient>> clients_;
};

}  // namespace coyote::bot
