#include "master/token_sender.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace coyote {

TokenSender::TokenSender() : socket_(::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0)) {
  if (socket_ < 0) {
    throw std::runtime_error(std::string("cannot open a UDP socket for tokens: ") +
                             std::strerror(errno));
  }
}

TokenSender::~TokenSender() {
  ::close(socket_);
}

bool TokenSender::send(const net::ServerEndpoint& to, const listing::MasterToken& token) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = to.host;
  address.sin_port = htons(to.port);
  const auto datagram = listing::encodeMasterToken(token);
  return ::sendto(socket_, datagram.data(), datagram.size(), 0,
                  reinterpret_cast<const sockaddr*>(&address),
                  sizeof address) == static_cast<ssize_t>(datagram.size());
}

}  // namespace coyote
