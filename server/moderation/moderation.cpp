#include "server/moderation/moderation.h"

#include "wire/refusal_reasons.h"

#include <algorithm>

#include "server/records/newer_schema.h"
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

void Moderation::passwordChanged() {
  passwordHash_ = config_.password.empty() ? SecretHash{} : secretHash(config_.password);
}

std::int64_t Moderation::unixTime(double now) const {
  return unixAtStart_ + static_cast<std::int64_t>(now - startTime_);
}

std::string Moderation::joinRefusal(std::uint32_t address, const Who& who,
                                    const std::string& password, double now) {
  if (const Ban* ban = bans_.find(who, unixTime(now))) {
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
  return std::string(password.empty() ? net::kNeedsPassword : net::kWrongPassword);
}

// With records, the database holds the bans and the file a copy, read only when the database does
// not answer at start (then its bans reach the database at the first change); never in place of
// a database a newer server wrote, which stops the start instead. A fleet sharing a
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
    } catch (const NewerSchemaError&) {
      throw;  // its bans unread, the file's would let them in: the server does not start
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
  log_->warn("{} banned {} {}{} ({})", added->by, kindName(added->kind), added->value,
             added->name.empty() ? "" : " (" + added->name + ")", banMessage(*added));
  return added;
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

bool Moderation::mute(const std::string& name, const std::vector<Who>& players,
                      std::int64_t minutes, double now) {
  std::erase_if(mutes_, [now](const auto& entry) { return entry.second.until <= now; });
  if (mutes_.size() >= kMaxMutes) {
    return false;
  }
  Mute& mute = mutes_[nameKey(name)];
  mute = {now + static_cast<double>(minutes) * 60.0, {}, {}};
  for (const Who& player : players) {
    mute.addresses.push_back(player.address);
    if (!player.fingerprint.empty()) {
      mute.keys.push_back(player.fingerprint);
    }
  }
  return true;
}

bool Moderation::unmute(const std::string& name) {
  return mutes_.erase(nameKey(name)) > 0;
}

double Moderation::mutedFor(const Who& who, double now) const {
  double until = 0.0;
  if (const auto found = mutes_.find(nameKey(who.name));
      !who.name.empty() && found != mutes_.end()) {
    until = found->second.until;
  }
  for (const auto& [key, mute] : mutes_) {  // at most kMaxMutes
    const bool itsKey = !who.fingerprint.empty() &&
                        std::ranges::find(mute.keys, who.fingerprint) != mute.keys.end();
    if (itsKey || std::ranges::find(mute.addresses, who.address) != mute.addresses.end()) {
      until = std::max(until, mute.until);
    }
  }
  return std::max(0.0, until - now);
}

}  // namespace coyote
