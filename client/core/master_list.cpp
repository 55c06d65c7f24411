#include "client/core/master_list.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include <fmt/format.h>
#include <httplib.h>

#include "io/bounded_file.h"
#include "io/utf8_path.h"
#include "listing/master_url.h"

namespace coyote {

std::optional<listing::ServerList> fetchServerList(const std::string& url, std::string& problem) {
  const std::optional<listing::MasterUrl> master = listing::parseMasterUrl(url, problem);
  if (!master) {
    return std::nullopt;
  }
#ifndef CPPHTTPLIB_OPENSSL_SUPPORT  // the Windows build: cpp-httplib without a TLS library
  if (master->secure) {
    problem = "this build reaches masters over http:// only";
    return std::nullopt;
  }
#endif
  httplib::Client client(master->origin);
  client.set_connection_timeout(MasterList::kConnectSeconds, 0);
  client.set_read_timeout(MasterList::kReadSeconds, 0);
  client.set_decompress(true);
  std::string body;
  bool tooLarge = false;
  const httplib::Result result = client.Get(
      master->at("/servers.json"), {{"Accept-Encoding", "gzip"}},
      [&](const char* data, std::size_t length) {  // after gzip: a bomb stops at the limit
        tooLarge = body.size() + length > listing::kMaxServerListBytes;
        body.append(data, tooLarge ? 0 : length);
        return !tooLarge;
      });
  if (tooLarge) {
    problem = fmt::format("its list is larger than {} bytes", listing::kMaxServerListBytes);
    return std::nullopt;
  }
  if (!result) {
    problem = fmt::format("no answer ({})", httplib::to_string(result.error()));
    return std::nullopt;
  }
  if (result->status != 200) {
    problem = fmt::format("answered {}", result->status);
    return std::nullopt;
  }
  return listing::parseServerList(body, problem);
}

MasterList::MasterList(std::vector<std::string> masters, std::string cacheFile)
    : shared_(std::make_shared<Shared>()) {
  shared_->cacheFile = std::move(cacheFile);
  for (const std::string& url : masters) {
    shared_->states.push_back({url});
  }
  shared_->lists.resize(shared_->states.size());
  shared_->loadCache();
  for (std::size_t index = 0; index < shared_->states.size(); ++index) {
    std::thread([shared = shared_, index] { shared->fetch(index); }).detach();
  }
}

MasterList::~MasterList() = default;  // a fetch still running ends on its own, within its timeouts

void MasterList::Shared::fetch(std::size_t index) {
  std::string url;
  {
    const std::lock_guard lock(mutex);
    url = states[index].url;
  }
  std::string problem;
  std::optional<listing::ServerList> list = fetchServerList(url, problem);
  const std::lock_guard lock(mutex);
  MasterState& state = states[index];
  version += 1;
  state.done = true;
  state.answered = list.has_value();
  state.problem = problem;
  if (list) {
    state.servers = list->servers.size();
    if (list->skipped > 0) {
      state.problem = fmt::format("{} entries were not servers and were skipped", list->skipped);
    }
    lists[index] = std::move(list->servers);
    merge();
    saveCache();
  }
}

void MasterList::Shared::merge() {
  std::map<std::pair<std::string, std::uint16_t>, const listing::ListedServer*> byAddress;
  for (const auto& list : lists) {
    for (const listing::ListedServer& server : list) {
      byAddress.emplace(std::pair(server.host, server.port), &server);  // the first master's
    }
  }
  merged.clear();
  for (const auto& [address, server] : byAddress) {
    if (merged.size() < listing::kMaxListedServers) {
      merged.push_back(*server);
    }
  }
  fromCache = false;
}

void MasterList::Shared::loadCache() {
  if (cacheFile.empty() || !std::filesystem::exists(utf8Path(cacheFile))) {
    return;
  }
  std::string problem;
  try {
    const std::string text = readBoundedFile(cacheFile, listing::kMaxServerListBytes);
    if (std::optional<listing::ServerList> list = listing::parseServerList(text, problem)) {
      merged = std::move(list->servers);
      fromCache = true;
    }
  } catch (const std::exception&) {
    // An unreadable cache is only a list the masters will send again.
  }
}

void MasterList::Shared::saveCache() const {
  if (cacheFile.empty()) {
    return;
  }
  std::vector<std::string> entries;
  for (const listing::ListedServer& server : merged) {
    entries.push_back(listing::listedServerJson(server));
  }
  try {
    writeFileAtomically(cacheFile, listing::serverListJson(entries));
  } catch (const std::exception&) {
    // A cache not written is a list the masters send again next time.
  }
}

MasterList::Snapshot MasterList::snapshot() const {
  const std::lock_guard lock(shared_->mutex);
  return {shared_->merged, shared_->states, shared_->fromCache};
}

std::size_t MasterList::version() const {
  const std::lock_guard lock(shared_->mutex);
  return shared_->version;
}

bool MasterList::done() const {
  const std::lock_guard lock(shared_->mutex);
  return std::all_of(shared_->states.begin(), shared_->states.end(),
                     [](const MasterState& s) { return s.done; });
}

}  // namespace coyote
