#include "server/moderation/moderation.h"

#include <algorithm>

#include "server/records/records_service.h"

namespace coyote {

Moderation::Moderation(const ServerConfig& config, std::shared_ptr<spdlog::logger> log,
                       double startTime, std::int64_t unixAtStart, RecordsService* records)
    : config_(config),
      log_(std::move(log)),
      startTime_(startTime),
      unixAtStart_(unixAtStart),
      records_(records) {
  if (!config_.password.empty()) {
    passwordHash_ = secretHash(config_.password);
  }
}

std::int64_t Moderation::unixTime(double now) const {
  return unixAtStart_ + static_cast<std::int64_t>(now - startTime_);
}

std::string Moderation::joinRefusal(std::uint32_t address, const std::string& addressText,
                                    const std::string& name, const std::string& password,
                                    double now) {
  if (const Ban* ban = bans_.find(addressText, name, unixTime(now))) {
    return banMessage(*ban);
  }
  if (config_.password.empty()) {
    return "";
  }
  if (wrongPasswords_.over(address, now)) {
    return "too many wrong passwords from this address; try again in a few seconds";
  }
  if (!allWrongPasswords_.available(now)) {  // a flood from many addresses: none is checked
    return "too many wrong passwords on this server right now; try again in a few seconds";
  }
  if (sameSecret(password, passwordHash_)) {
    return "";
  }
  wrongPasswords_.admit(address, now);
  allWrongPasswords_.admit(now);
  return password.empty() ? "this server needs a password" : "wrong password";
}

// With records, the database holds the bans and the file a copy, read only when the database does
// not answer at start (then its bans reach the database at the first change). A fleet sharing a
// database shares its bans from each server's start on.
void Moderation::loadBans() {
  if (records_ != nullptr) {
    try {
      const std::vector<BanRow> rows = openRecordsStore(config_.recordsPath, config_.recordsUrl)
                                           ->liveBans(unixAtStart_, BanList::kMaxBans);
      std::vector<std::string> problems;
      bans_ = BanList::fromRows(rows, problems);
      for (const std::string& problem : problems) {
        log_->error("ban left out: {}", problem);
      }
      records_->bansRead(rows);
      log_->info("{} bans read from the records database", bans_.bans().size());
      return;
    } catch (const std::runtime_error& error) {
      log_->warn("bans: {}; reading {} instead", error.what(), config_.bansFile);
    }
  }
  bans_ = BanList::load(config_.bansFile);
  if (!bans_.bans().empty()) {
    log_->info("{} bans read from {}", bans_.bans().size(), config_.bansFile);
  }
}

const Ban* Moderation::addBan(Ban ban) {
  bans_.expire(ban.since);
  const std::string by = ban.by;
  const Ban* added = bans_.add(std::move(ban));
  if (added == nullptr) {
    log_->warn("a ban by {} is not kept: the ban list is full ({} bans)", by, BanList::kMaxBans);
    return nullptr;
  }
  log_->warn("{} banned {} {}{} ({})", added->by,
             added->kind == Ban::Kind::Address ? "address" : "name", added->value,
             added->name.empty() ? "" : " (" + added->name + ")", banMessage(*added));
  return added;
}

const Ban* Moderation::banCovering(const std::string& address, const std::string& name,
                                   double now) const {
  return bans_.find(address, name, unixTime(now));
}

bool Moderation::saveBans() {
  if (records_ != nullptr) {
    records_->keepBans(bans_.rows());
  }
  try {
    bans_.save(config_.bansFile);
    return true;
  } catch (const std::exception& error) {
    log_->error("bans kept in memory only: {}", error.what());
    return false;
  }
}

const BanList& Moderation::bans(double now) {
  bans_.expire(unixTime(now));
  return bans_;
}

bool Moderation::mute(const std::string& name, const std::vector<std::string>& addresses,
                      std::int64_t minutes, double now) {
  std::erase_if(mutes_, [now](const auto& entry) { return entry.second.until <= now; });
  if (mutes_.size() >= kMaxMutes) {
    return false;
  }
  mutes_[nameKey(name)] = {now + static_cast<double>(minutes) * 60.0, addresses};
  return true;
}

bool Moderation::unmute(const std::string& name) {
  return mutes_.erase(nameKey(name)) > 0;
}

double Moderation::mutedFor(const std::string& name, const std::string& address, double now) const {
  double until = 0.0;
  if (const auto found = mutes_.find(nameKey(name)); found != mutes_.end()) {
    until = found->second.until;
  }
  for (const auto& [key, mute] : mutes_) {  // at most kMaxMutes
    if (std::ranges::find(mute.addresses, address) != mute.addresses.end()) {
      until = std::max(until, mute.until);
    }
  }
  return std::max(0.0, until - now);
}

}  // namespace coyote
