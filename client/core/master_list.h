#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "listing/server_list.h"

namespace coyote {

/// The browser's Internet tab's source (docs/playing.md#the-server-browser): the lists of the
/// masters of `client.masters`, each fetched (GET /servers.json, gzipped) on a thread of its
/// own so the menus never wait, merged by address, and kept on disk: when no master answers,
/// the list from the last time still shows (and every server on it is still pinged). A master
/// is hostile like any server: its list is read within listing::kMaxServerListBytes, gzip
/// included, and a bad entry is skipped.
class MasterList {
 public:
  /// `masters`: base URLs "http://host[:port][/path]"; `cacheFile`: where the merged list is
  /// kept ("" = nowhere). Reads the cache now and starts fetching every master at once.
  MasterList(std::vector<std::string> masters, std::string cacheFile);
  ~MasterList();
  MasterList(const MasterList&) = delete;
  MasterList& operator=(const MasterList&) = delete;

  /// What a master's fetch came to.
  struct MasterState {
    std::string url;
    bool done = false;
    bool answered = false;
    std::size_t servers = 0;
    std::string problem = {};  ///< why it did not answer, or what it sent that was skipped
  };
  struct Snapshot {
    std::vector<listing::ListedServer> servers;  ///< merged, ordered by address
    std::vector<MasterState> masters;
    bool fromCache = false;  ///< no master has answered (yet): the servers are the cache's
  };
  Snapshot snapshot() const;
  /// Whether every master answered or failed.
  bool done() const;
  /// Changes whenever a master's fetch ends: a snapshot (a copy of every server) is worth taking
  /// only then.
  std::size_t version() const;

  static constexpr int kConnectSeconds = 3;
  static constexpr int kReadSeconds = 5;

 private:
  /// What the fetching threads and the menus share: the threads hold it too, so that leaving
  /// the browser never waits on a master that is slow to answer.
  struct Shared {
    std::string cacheFile;
    std::mutex mutex;
    std::vector<MasterState> states;
    std::vector<std::vector<listing::ListedServer>> lists;  ///< by master
    std::vector<listing::ListedServer> merged;
    bool fromCache = false;
    std::size_t version = 0;  ///< fetches ended so far

    void fetch(std::size_t index);
    void merge();
    void loadCache();
    void saveCache() const;
  };
  std::shared_ptr<Shared> shared_;
};

/// GETs `url` + "/servers.json" and reads it as a server list; nullopt and `problem` when the
/// master does not answer, answers with something else, or sends more than the limit.
std::optional<listing::ServerList> fetchServerList(const std::string& url, std::string& problem);

}  // namespace coyote
