#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "http/http_server.h"
#include "master/server_table.h"

namespace coyote {

/// GET /servers.json (docs/master.md#the-list): every listed server, built from the table at
/// most every master.list_interval and only when it changed, kept both plain and gzipped, with
/// an ETag. Thousands of browsers then cost a copy of a buffer each, or a 304 when their copy is
/// current.
class ListPage {
 public:
  explicit ListPage(double interval) : interval_(interval) {}

  /// The answer to a request with these headers, from `table` as it is at `now`.
  HttpServer::Response answer(const ServerTable& table, const std::string& acceptEncoding,
                              const std::string& ifNoneMatch, double now);

  std::size_t plainBytes() const { return plain_ ? plain_->size() : 0; }
  std::size_t gzipBytes() const { return gzip_ ? gzip_->size() : 0; }
  std::uint64_t builds() const { return builds_; }

 private:
  void rebuild(const ServerTable& table, double now);

  double interval_;
  double builtAt_ = -1.0e9;
  std::uint64_t builtVersion_ = ~std::uint64_t{0};
  std::uint64_t builds_ = 0;
  std::shared_ptr<const std::string> plain_;
  std::shared_ptr<const std::string> gzip_;
  std::string etag_;
};

/// `text` in the gzip format (RFC 1952), at zlib's default level.
std::string gzipped(const std::string& text);
/// Whether an Accept-Encoding header accepts gzip (not with q=0).
bool acceptsGzip(const std::string& acceptEncoding);

}  // namespace coyote
