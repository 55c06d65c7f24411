#include "server/metrics_http.h"

#include <fmt/format.h>

#include "server/modules/http_server_module.h"

namespace coyote {

MetricsHttp::MetricsHttp(const std::string& bind, int port, std::shared_ptr<spdlog::logger> log,
                         double (*clock)(), const std::function<void(HttpServer&)>& moreRoutes)
    : clock_(clock),
      page_(std::make_shared<const std::string>()),
      server_(openHttpServerModule(bind, port, HttpServer::Limits{}, std::move(log))) {
  route();
  if (moreRoutes) {
    moreRoutes(*server_);
  }
  server_->start();
}

MetricsHttp::~MetricsHttp() = default;

void MetricsHttp::publish(std::string page) {
  page_.store(std::make_shared<const std::string>(std::move(page)));
}

void MetricsHttp::route() {
  server_->get("/metrics", [this](const HttpServer::Query&) {
    return HttpServer::Response{200, "text/plain; version=0.0.4; charset=utf-8", page_.load()};
  });
  server_->get("/healthz", [this](const HttpServer::Query&) {
    const double silence = clock_() - lastTick_.load();
    const bool healthy = silence < kHealthySilence;
    return HttpServer::Response{
        healthy ? 200 : 503, "text/plain; charset=utf-8",
        std::make_shared<const std::string>(
            healthy ? "ok\n" : fmt::format("no tick for {:.1f} s\n", silence))};
  });
  server_->get("/readyz", [this](const HttpServer::Query&) {
    const bool ready = ready_.load();
    return HttpServer::Response{
        ready ? 200 : 503, "text/plain; charset=utf-8",
        std::make_shared<const std::string>(ready ? "ready\n" : "not ready\n")};
  });
}

}  // namespace coyote
