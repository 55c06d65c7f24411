#include "server/metrics_http.h"

#include <stdexcept>

#include <fmt/format.h>
#include <httplib.h>

namespace coyote {

MetricsHttp::MetricsHttp(const std::string& bind, int port, std::shared_ptr<spdlog::logger> log,
                         double (*clock)())
    : server_(std::make_unique<httplib::Server>()),
      log_(std::move(log)),
      clock_(clock),
      page_(std::make_shared<const std::string>()) {
  route();
  // A few worker threads are plenty for a scraper and a health probe; each request is a copy.
  server_->new_task_queue = [] { return new httplib::ThreadPool(2); };
  server_->set_read_timeout(2, 0);
  server_->set_write_timeout(2, 0);
  server_->set_payload_max_length(4096);  // GETs only: nothing to upload
  port_ = port == 0 ? server_->bind_to_any_port(bind) : port;
  if (port_ < 0 || (port != 0 && !server_->bind_to_port(bind, port))) {
    throw std::runtime_error(fmt::format("cannot listen for metrics on {}:{}", bind, port));
  }
  thread_ = std::thread([this] { server_->listen_after_bind(); });
}

MetricsHttp::~MetricsHttp() {
  server_->stop();
  if (thread_.joinable()) {
    thread_.join();
  }
}

void MetricsHttp::publish(std::string page) {
  page_.store(std::make_shared<const std::string>(std::move(page)));
}

void MetricsHttp::route() {
  server_->Get("/metrics", [this](const httplib::Request&, httplib::Response& response) {
    const std::shared_ptr<const std::string> page = page_.load();
    response.set_content(*page, "text/plain; version=0.0.4; charset=utf-8");
  });
  server_->Get("/healthz", [this](const httplib::Request&, httplib::Response& response) {
    const double silence = clock_() - lastTick_.load();
    const bool healthy = silence < kHealthySilence;
    response.status = healthy ? 200 : 503;
    response.set_content(healthy ? "ok\n" : fmt::format("no tick for {:.1f} s\n", silence),
                         "text/plain");
  });
  server_->Get("/readyz", [this](const httplib::Request&, httplib::Response& response) {
    const bool ready = ready_.load();
    response.status = ready ? 200 : 503;
    response.set_content(ready ? "ready\n" : "not ready\n", "text/plain");
  });
}

bool checkHealth(const std::string& url, std::string& why) {
  constexpr std::string_view kScheme = "http://";
  if (!url.starts_with(kScheme)) {
    why = "the URL must start with http://";
    return false;
  }
  const std::string rest = url.substr(kScheme.size());
  const std::size_t slash = rest.find('/');
  const std::string host = rest.substr(0, slash);
  const std::string path = slash == std::string::npos ? "/" : rest.substr(slash);
  httplib::Client client("http://" + host);
  client.set_connection_timeout(2, 0);
  client.set_read_timeout(2, 0);
  const httplib::Result result = client.Get(path);
  if (!result) {
    why = fmt::format("no answer from {}: {}", host, httplib::to_string(result.error()));
    return false;
  }
  if (result->status != 200) {
    why = fmt::format("{} answered {}: {}", url, result->status, result->body);
    return false;
  }
  return true;
}

}  // namespace coyote
