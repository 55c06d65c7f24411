#include "master/list_page.h"

#include <stdexcept>

#include <fmt/format.h>
#include <xxhash.h>
#include <zlib.h>

#include "listing/server_list.h"

namespace coyote {

std::string gzipped(const std::string& text) {
  z_stream stream{};
  // 15 + 16: a window of 2^15 and the gzip header and trailer instead of zlib's.
  if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) !=
      Z_OK) {
    throw std::runtime_error("zlib cannot start");
  }
  std::string out(deflateBound(&stream, text.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) {
    throw std::runtime_error("zlib could not compress the list");
  }
  return out;
}

bool acceptsGzip(const std::string& acceptEncoding) {
  const std::size_t at = acceptEncoding.find("gzip");
  if (at == std::string::npos) {
    return false;
  }
  const std::size_t end = acceptEncoding.find(',', at);
  const std::string parameters = acceptEncoding.substr(at, end - at);
  const std::size_t quality = parameters.find("q=");
  return quality == std::string::npos || std::strtod(parameters.c_str() + quality + 2, nullptr) > 0;
}

void ListPage::rebuild(const ServerTable& table, double now) {
  builtAt_ = now;
  if (table.version() == builtVersion_) {
    return;
  }
  builtVersion_ = table.version();
  auto plain = std::make_shared<const std::string>(listing::serverListJson(table.entries()));
  gzip_ = std::make_shared<const std::string>(gzipped(*plain));
  etag_ = fmt::format("\"{:016x}\"", XXH3_64bits(plain->data(), plain->size()));
  plain_ = std::move(plain);
  builds_ += 1;
}

HttpServer::Response ListPage::answer(const ServerTable& table, const std::string& acceptEncoding,
                                      const std::string& ifNoneMatch, double now) {
  if (now - builtAt_ >= interval_ || !plain_) {
    rebuild(table, now);
  }
  HttpServer::Response response;
  response.contentType = "application/json";
  response.headers = {{"ETag", etag_},
                      {"Cache-Control", fmt::format("max-age={:.0f}", interval_)},
                      {"Vary", "Accept-Encoding"}};
  if (!ifNoneMatch.empty() && ifNoneMatch.find(etag_) != std::string::npos) {
    response.status = 304;
    response.body = std::make_shared<const std::string>();
    return response;
  }
  if (acceptsGzip(acceptEncoding)) {
    response.headers.emplace_back("Content-Encoding", "gzip");
    response.body = gzip_;
  } else {
    response.body = plain_;
  }
  return response;
}

}  // namespace coyote
