#include "master/master_service.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "http/forwarded_client.h"
#include "http/prometheus_exposition.h"
#include "version/build_version.h"
#include "wire/protocol.h"

namespace coyote {
namespace {

HttpServer::Limits httpLimits(const MasterConfig& config) {
  HttpServer::Limits limits;
  limits.connections = static_cast<std::size_t>(config.connections);
  limits.connectionsPerAddress = static_cast<std::size_t>(config.connectionsPerAddress);
  limits.bodyBytes = listing::kMaxRegistrationBytes;
  return limits;
}

std::shared_ptr<const std::string> text(std::string body) {
  return std::make_shared<const std::string>(std::move(body));
}

}  // namespace

MasterService::MasterService(const MasterConfig& config, std::shared_ptr<spdlog::logger> log,
                             double (*clock)())
    : config_(config),
      log_(std::move(log)),
      clock_(clock),
      startedAt_(clock()),
      table_({static_cast<std::size_t>(config.maxServers),
              static_cast<std::size_t>(config.serversPerAddress), config.expirySeconds}),
      desk_(config, table_),
      page_(config.listInterval),
      http_(config.bind, config.port, httpLimits(config), log_) {
  route();
  http_.start();
}

void MasterService::expire(double now) {
  if (now - expiredAt_ < 1.0) {
    return;
  }
  expiredAt_ = now;
  expired_ += table_.expire(now);
}

void MasterService::route() {
  http_.route("POST", "/register",
              [this](const HttpServer::Request& request) { return registration(request); });
  http_.route("GET", "/servers.json", [this](const HttpServer::Request& request) {
    const double now = clock_();
    expire(now);
    listRequests_ += 1;
    HttpServer::Response response =
        page_.answer(table_, request.acceptEncoding, request.ifNoneMatch, now);
    listNotModified_ += response.status == 304 ? 1 : 0;
    return response;
  });
  http_.get("/metrics", [this](const HttpServer::Query&) { return metrics(); });
  http_.get("/healthz", [](const HttpServer::Query&) {
    return HttpServer::Response{200, "text/plain; charset=utf-8", text("ok\n")};
  });
}

bool isJsonContentType(std::string_view contentType) {
  std::string_view type = contentType.substr(0, contentType.find(';'));
  while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) {
    type.remove_suffix(1);
  }
  while (!type.empty() && (type.front() == ' ' || type.front() == '\t')) {
    type.remove_prefix(1);
  }
  constexpr std::string_view kJson = "application/json";
  return type.size() == kJson.size() &&
         std::equal(type.begin(), type.end(), kJson.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

HttpServer::Response MasterService::registration(const HttpServer::Request& request) {
  const double now = clock_();
  expire(now);
  if (!isJsonContentType(request.contentType)) {
    return {415, "application/json", text(R"({"error":"a registration is application/json"})")};
  }
  const std::size_t before = table_.size();
  const std::string from = forwardedClient(request, config_.trustedProxies);
  const RegistrationDesk::Answer answer = desk_.registration(request.body, from, now);
  if (table_.size() > before) {
    log_->debug("listed a server registered from {} ({} listed)", from, table_.size());
  }
  return {answer.status, "application/json", text(answer.json)};
}

HttpServer::Response MasterService::metrics() const {
  const RegistrationDesk::Counters& c = desk_.counters();
  PrometheusExposition out;
  out.buildInfo(buildVersion(), net::kProtocolVersion);
  out.gauge("coyote_master_servers", static_cast<double>(table_.size()), "Servers listed now.");
  out.family("coyote_master_registrations_total", "counter",
             "Registrations by outcome: listed (proven), token_sent, malformed (400), refused "
             "(403, 409), limited (429, 503).");
  out.sample("coyote_master_registrations_total", static_cast<double>(c.listed),
             "outcome=\"listed\"");
  out.sample("coyote_master_registrations_total", static_cast<double>(c.tokensSent),
             "outcome=\"token_sent\"");
  out.sample("coyote_master_registrations_total", static_cast<double>(c.malformed),
             "outcome=\"malformed\"");
  out.sample("coyote_master_registrations_total", static_cast<double>(c.refused),
             "outcome=\"refused\"");
  out.sample("coyote_master_registrations_total", static_cast<double>(c.limited),
             "outcome=\"limited\"");
  out.counter("coyote_master_expired_total", static_cast<double>(expired_),
              "Servers dropped from the list after master.expiry_seconds without a heartbeat.");
  out.counter("coyote_master_left_total", static_cast<double>(c.left),
              "Servers taken off the list because they said they were stopping.");
  out.counter("coyote_master_list_requests_total", static_cast<double>(listRequests_),
              "GET /servers.json requests.");
  out.counter("coyote_master_list_not_modified_total", static_cast<double>(listNotModified_),
              "GET /servers.json answered 304 (If-None-Match matched the ETag).");
  out.gauge("coyote_master_list_bytes", static_cast<double>(page_.plainBytes()),
            "Size of the list, uncompressed.");
  out.gauge("coyote_master_list_gzip_bytes", static_cast<double>(page_.gzipBytes()),
            "Size of the list, gzipped.");
  out.counter("coyote_master_list_builds_total", static_cast<double>(page_.builds()),
              "Times the list was rebuilt (it changed, and master.list_interval had passed).");
  out.gauge("coyote_master_resident_bytes", static_cast<double>(residentSetBytes()),
            "The process's resident set size.");
  out.gauge("coyote_master_uptime_seconds", clock_() - startedAt_, "Seconds since the start.");
  out.counter("coyote_master_http_connections_cut_total",
              static_cast<double>(http_.connectionsCut()),
              "HTTP connections cut (deadline, or room for newer ones).");
  return {200, "text/plain; version=0.0.4; charset=utf-8", text(out.take())};
}

}  // namespace coyote
