#include "listing/registration.h"

#include <fmt/format.h>

#include "listing/server_info_json.h"
#include "platform/inet.h"

namespace coyote::listing {
namespace {

bool isIpv4(const std::string& text) {
  in_addr parsed{};
  return text.size() <= 15 && inet_pton(AF_INET, text.c_str(), &parsed) == 1;
}

/// Reads `json[key]` as 32 hex digits into `out`, or says why not.
bool readHexField(const nlohmann::json& json, const char* key, std::span<std::uint8_t> out,
                  std::string& error) {
  const auto found = json.find(key);
  if (found == json.end() || !found->is_string() ||
      !readHex(found->get_ref<const std::string&>(), out)) {
    error = fmt::format("{}: expected {} hex digits", key, out.size() * 2);
    return false;
  }
  return true;
}

std::optional<Registration> registrationFrom(const nlohmann::json& json, std::string& error) {
  Registration registration;
  const auto port = json.find("port");
  if (port == json.end() || !port->is_number_unsigned() || port->get<std::uint64_t>() == 0 ||
      port->get<std::uint64_t>() > 65535) {
    error = "port: expected a whole number from 1 to 65535";
    return std::nullopt;
  }
  registration.port = static_cast<std::uint16_t>(port->get<std::uint64_t>());
  if (const auto address = json.find("address"); address != json.end()) {
    if (!address->is_string() || !isIpv4(address->get<std::string>())) {
      error = "address: expected an IPv4 address a.b.c.d";
      return std::nullopt;
    }
    registration.address = address->get<std::string>();
  }
  if (!readHexField(json, "challenge", registration.challenge, error)) {
    return std::nullopt;
  }
  if (json.contains("token")) {
    Token token{};
    if (!readHexField(json, "token", token, error)) {
      return std::nullopt;
    }
    registration.token = token;
  }
  if (const auto leaving = json.find("leaving"); leaving != json.end()) {
    if (!leaving->is_boolean()) {
      error = "leaving: expected true or false";
      return std::nullopt;
    }
    registration.leaving = leaving->get<bool>();
  }
  const auto info = json.find("info");
  std::optional<net::ServerInfo> read =
      info == json.end() ? std::nullopt : infoFromJson(*info, error);
  if (!read) {
    error = info == json.end() ? "info: missing" : error;
    return std::nullopt;
  }
  registration.info = std::move(*read);
  return registration;
}

}  // namespace

std::string registrationJson(const Registration& registration) {
  nlohmann::json json = {{"port", registration.port},
                         {"challenge", hexText(registration.challenge)},
                         {"info", infoJson(registration.info)}};
  if (!registration.address.empty()) {
    json["address"] = registration.address;
  }
  if (registration.token) {
    json["token"] = hexText(*registration.token);
  }
  if (registration.leaving) {
    json["leaving"] = true;
  }
  return json.dump();
}

std::optional<Registration> parseRegistration(std::string_view body, std::string& error) {
  if (body.size() > kMaxRegistrationBytes) {
    error = fmt::format("a registration is at most {} bytes", kMaxRegistrationBytes);
    return std::nullopt;
  }
  const nlohmann::json json = nlohmann::json::parse(body, nullptr, false);
  if (json.is_discarded() || !json.is_object()) {
    error = "not a JSON object";
    return std::nullopt;
  }
  return registrationFrom(json, error);
}

}  // namespace coyote::listing
