#include "server/loop_reporter.h"

#include <algorithm>

#include "identity/hello_proof.h"
#include "server/prometheus_text.h"

namespace coyote {

void LoopReporter::takeAgonesAddress(GameServer& server) {
  if (agonesAddressTaken) {
    return;
  }
  const auto endpoint = agones->publicEndpoint();
  if (!endpoint) {
    return;
  }
  agonesAddressTaken = true;
  server.addPublicAddress(*endpoint);
  if (masters != nullptr) {
    const std::string text = identity::endpointText(*endpoint);
    masters->setPublicEndpoint(text.substr(0, text.find(':')), endpoint->port);
  }
}

void LoopReporter::update(GameServer& server, double now) {
  if (server.tick() != lastTick) {
    lastTick = server.tick();
    lastTickAt = now;
  }
  if (agones != nullptr) {
    agones->update(lastTickAt, server.players());
    takeAgonesAddress(server);
  }
  // Under Agones, the masters hear of the server once its address is known: before, it would
  // register the pod's address and port, which players cannot reach.
  if (masters != nullptr && (agones == nullptr || agonesAddressTaken) &&
      now - lastInfo >= kMasterInfoSeconds) {
    lastInfo = now;
    masters->update(server.serverInfo(0));
  }
  if (http == nullptr) {
    return;
  }
  http->ticked(lastTickAt);
  if (now - lastPage >= kMetricsPageSeconds) {
    lastPage = now;
    const double behind = std::max(0.0, (now - server.nextTickTime()) * tickRate);
    http->publish(prometheusText(
        server.metrics(), server.roomFigures(),
        {behind, server.elapsedSeconds(), residentSetBytes(), http->connectionsCut()}));
  }
}

}  // namespace coyote
