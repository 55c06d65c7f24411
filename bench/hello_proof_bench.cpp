// What a player key costs (docs/protocol.md#player-keys): the client signs once per connection,
// the server checks one signature per Hello that gets past the joins an address may make.
#include <benchmark/benchmark.h>

#include "identity/hello_proof.h"
#include "identity/player_key.h"
#include "wire/codec.h"

namespace {

using coyote::identity::PlayerKey;

const coyote::net::ServerEndpoint kServer{0x0100007f, 7777};  // 127.0.0.1:7777

void BM_HelloSign(benchmark::State& state) {
  const PlayerKey key = PlayerKey::generate();
  std::uint32_t cookie = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(key.signHello(cookie++, kServer));
  }
}
BENCHMARK(BM_HelloSign);

void BM_HelloSignatureCheck(benchmark::State& state) {
  const PlayerKey key = PlayerKey::generate();
  const coyote::net::HelloSignature signature = key.signHello(42, kServer);
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        coyote::identity::helloSignatureValid(key.publicKey(), signature, 42, kServer));
  }
}
BENCHMARK(BM_HelloSignatureCheck);

// The Hello's size on the wire, before and after the key (its public key, the address and the
// signature), as counters: the same in every run.
void BM_HelloBytes(benchmark::State& state) {
  coyote::net::Hello hello;
  hello.name = "road runner";
  const std::size_t withKey = coyote::net::encode(hello).size();
  const std::size_t keyBytes = sizeof(hello.key.bytes) + sizeof(hello.signature.bytes) + 6;
  for (auto _ : state) {
    benchmark::DoNotOptimize(coyote::net::encode(hello));
  }
  state.counters["bytes"] = static_cast<double>(withKey);
  state.counters["bytes_without_key"] = static_cast<double>(withKey - keyBytes);
}
BENCHMARK(BM_HelloBytes);

}  // namespace
