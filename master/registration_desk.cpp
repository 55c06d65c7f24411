#include "master/registration_desk.h"

#include <arpa/inet.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "listing/server_list.h"
#include "master/info_claims.h"

namespace coyote {
namespace {

std::string errorJson(const std::string& reason) {
  return nlohmann::json{{"error", reason}}.dump();
}

std::string hostText(std::uint32_t host) {
  char text[INET_ADDRSTRLEN] = "";
  inet_ntop(AF_INET, &host, text, sizeof text);
  return text;
}

bool inRange(std::uint32_t address, std::uint32_t network, int bits) {
  const std::uint32_t mask = bits == 0 ? 0 : ~std::uint32_t{0} << (32 - bits);
  return (address & mask) == (network & mask);
}

}  // namespace

std::string unlistableAddress(std::uint32_t host, bool allowPrivate) {
  const std::uint32_t address = ntohl(host);
  if (inRange(address, 0x00000000, 8) || inRange(address, 0xE0000000, 3)) {
    return fmt::format("{} is not a unicast address", hostText(host));
  }
  const bool isPrivate = inRange(address, 0x7F000000, 8) || inRange(address, 0x0A000000, 8) ||
                         inRange(address, 0xAC100000, 12) || inRange(address, 0xC0A80000, 16) ||
                         inRange(address, 0xA9FE0000, 16) || inRange(address, 0x64400000, 10);
  if (isPrivate && !allowPrivate) {
    return fmt::format(
        "{} is a private address that players on the internet cannot reach (a master for a "
        "LAN sets master.list_private_addresses)",
        hostText(host));
  }
  return "";
}

RegistrationDesk::RegistrationDesk(const MasterConfig& config, ServerTable& table)
    : listPrivate_(config.listPrivateAddresses),
      expirySeconds_(config.expirySeconds),
      table_(table),
      registrations_(config.registrationsPerMinute, 60.0),
      ownTokens_(config.tokensPerMinute, 60.0),
      othersTokens_(config.tokensPerMinute, 60.0) {}

RegistrationDesk::Answer RegistrationDesk::refuse(int status, const std::string& reason) {
  (status == 400                    ? counters_.malformed
   : status == 429 || status == 503 ? counters_.limited
                                    : counters_.refused) += 1;
  return {status, errorJson(reason)};
}

RegistrationDesk::Answer RegistrationDesk::registration(const std::string& body,
                                                        const std::string& source, double now) {
  in_addr from{};
  if (inet_pton(AF_INET, source.c_str(), &from) != 1) {
    return refuse(403, "registrations come over IPv4");
  }
  if (!registrations_.admit(from.s_addr, now)) {
    return refuse(429, fmt::format("{} sent more than {} registrations in a minute", source,
                                   registrations_.maxEvents()));
  }
  std::string error;
  const std::optional<listing::Registration> registration = listing::parseRegistration(body, error);
  if (!registration) {
    return refuse(400, error);
  }
  if (const std::string lie = infoClaimProblem(registration->info); !lie.empty()) {
    return refuse(400, lie);
  }
  net::ServerEndpoint endpoint{from.s_addr, registration->port};
  if (!registration->address.empty()) {
    inet_pton(AF_INET, registration->address.c_str(), &endpoint.host);  // checked by the parser
  }
  if (const std::string problem = unlistableAddress(endpoint.host, listPrivate_);
      !problem.empty()) {
    return refuse(403, problem);
  }
  if (registration->token &&
      proof_.valid(endpoint, registration->challenge, from.s_addr, *registration->token, now)) {
    return proven(*registration, endpoint, from.s_addr, now);
  }
  return challenge(*registration, endpoint, from.s_addr, now);
}

RegistrationDesk::Answer RegistrationDesk::proven(const listing::Registration& registration,
                                                  const net::ServerEndpoint& endpoint,
                                                  std::uint32_t source, double now) {
  listing::ListedServer server{hostText(endpoint.host), endpoint.port, registration.info};
  if (registration.leaving) {
    counters_.left += table_.remove(endpoint, registration.challenge) ? 1 : 0;
    return {200, nlohmann::json{{"status", "removed"}, {"address", server.address()}}.dump()};
  }
  switch (table_.list(endpoint, source, registration.challenge, listing::listedServerJson(server),
                      now)) {
    case ServerTable::Outcome::Full:
      return refuse(503, "the list is full (master.max_servers)");
    case ServerTable::Outcome::AddressFull:
      return refuse(429, fmt::format("{} has as many servers listed as one address may "
                                     "(master.servers_per_address)",
                                     hostText(source)));
    case ServerTable::Outcome::Listed:
    case ServerTable::Outcome::Refreshed:
      break;
  }
  counters_.listed += 1;
  return {200,
          nlohmann::json{
              {"status", "listed"}, {"address", server.address()}, {"expires_in", expirySeconds_}}
              .dump()};
}

RegistrationDesk::Answer RegistrationDesk::challenge(const listing::Registration& registration,
                                                     const net::ServerEndpoint& endpoint,
                                                     std::uint32_t source, double now) {
  const std::string address = fmt::format("{}:{}", hostText(endpoint.host), endpoint.port);
  if (registration.leaving) {  // nothing listed by this challenge to take off without a token
    return {200, nlohmann::json{{"status", "not_listed"}}.dump()};
  }
  if (table_.heldByAnother(endpoint, source)) {
    return refuse(409, fmt::format("{} is listed by another server", address));
  }
  const bool own = source == endpoint.host;
  AddressRateLimit& tokens = own ? ownTokens_ : othersTokens_;
  if (!tokens.admit(endpoint.host, now)) {
    return refuse(429, fmt::format("{} was sent {} tokens this minute{}; try again later",
                                   hostText(endpoint.host), tokens.maxEvents(),
                                   own ? "" : " for other addresses"));
  }
  if (!sender_.send(endpoint, {registration.challenge,
                               proof_.token(endpoint, registration.challenge, source, now)})) {
    return refuse(503, "the master could not send the token");
  }
  counters_.tokensSent += 1;
  return {202, nlohmann::json{{"status", "token_sent"}, {"address", address}}.dump()};
}

}  // namespace coyote
