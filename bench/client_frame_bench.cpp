// The client's frame (docs/performance.md#the-clients-frame): GameView drawing the playground
// with 16 players, their effects, the parallax backdrop and the names, at 1280 × 960 into an
// off-screen texture. Run under Xvfb (bench/client_frame.sh): Mesa draws in software there, on
// other threads, so the figure that matters is this thread's CPU time per frame, and the number
// of draw calls, counted by wrapping OpenGL's glDrawArrays (which SFML 2.5 draws everything with).
#include <dlfcn.h>
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>
#include <spdlog/spdlog.h>

#include "client/app/menu/menu_list.h"
#include "client/app/menu/server_browser.h"
#include "client/app/scene/art/art_assets.h"
#include "client/app/view/game_view.h"
#include "client/app/window/font.h"
#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/world_step.h"

namespace {

std::uint64_t drawCalls = 0;

}  // namespace

// The executable exports this (ENABLE_EXPORTS), so SFML's calls land here first.
extern "C" void glDrawArrays(unsigned int mode, int first, int count) {
  using Real = void (*)(unsigned int, int, int);
  static const auto real = reinterpret_cast<Real>(dlsym(RTLD_NEXT, "glDrawArrays"));
  ++drawCalls;
  real(mode, first, count);
}

namespace coyote {
namespace {

constexpr int kPlayers = 16;
constexpr int kTicks = 600;

double threadSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

/// 600 ticks of 16 random players on the playground, every state kept, and their effects.
struct Recording {
  Level level;
  PhysicsConfig physics;
  std::vector<WorldState> states;
  EffectList effects;

  Recording()
      : level(loadTiledLevel(
            std::string(COYOTE_SOURCE_DIR) + "/configs/levels/playground.tmj",
            loadMaterials(std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml"))) {
    const StepParameters parameters(physics);
    WorldState state = makeWorld(kPlayers, level, physics);
    RandomInputs random(11);
    TickInputs inputs{};
    EventBatch events;
    for (int tick = 0; tick < kTicks; ++tick) {
      random.next(inputs, kPlayers);
      events.start(state.tick + 1, kMaxEventBatch);
      stepWorld(state, inputs, level, parameters, nullptr, &events);
      effects.simulated(state.tick, events.events(), state, level, physics, state.tick);
      states.push_back(state);
    }
  }
};

void drawFrames(benchmark::State& state, bool withArt) {
  static const Recording recording;
  static const sf::Font font = loadTextFont();
  static const std::unique_ptr<ArtAssets> art = [] {
    auto log = spdlog::default_logger();
    return loadArtAssets(std::string(COYOTE_SOURCE_DIR) + "/assets", *log);
  }();
  if (withArt && art == nullptr) {
    state.SkipWithError("assets/ did not load");
    return;
  }
  sf::RenderTexture target;
  target.create(1280, 960);
  GameView view(recording.level, recording.physics, font, withArt ? art.get() : nullptr);
  const CorrectionSmoother smoother;
  std::vector<double> frames;
  std::size_t tick = 1;
  const auto drawTick = [&] {
    view.draw(target,
              {recording.states[tick - 1], recording.states[tick], 0.5f, 0,
               [](int slot) { return "player " + std::to_string(slot); }, &recording.effects},
              smoother, {}, nullptr, "");
    target.display();
    tick = tick + 1 < recording.states.size() ? tick + 1 : 1;
  };
  for (int warmUp = 0; warmUp < 60; ++warmUp) {  // glyphs rasterised, buffers grown
    drawTick();
  }
  const std::uint64_t callsBefore = drawCalls;
  for (auto _ : state) {
    const double start = threadSeconds();
    drawTick();
    frames.push_back(threadSeconds() - start);
  }
  std::sort(frames.begin(), frames.end());
  const auto at = [&](double q) {
    return frames[std::min(frames.size() - 1, static_cast<std::size_t>(q * frames.size()))];
  };
  state.counters["p50_ms"] = at(0.50) * 1e3;
  state.counters["p95_ms"] = at(0.95) * 1e3;
  state.counters["p99_ms"] = at(0.99) * 1e3;
  state.counters["draw_calls"] =
      static_cast<double>(drawCalls - callsBefore) / static_cast<double>(frames.size());
}

void BM_ClientFrameArt(benchmark::State& state) {
  drawFrames(state, true);
}
void BM_ClientFrameFlat(benchmark::State& state) {
  drawFrames(state, false);
}
/// `count` servers as the browser's queries and masters would bring them.
struct BrowserServers {
  std::vector<ServerListing> heard;
  std::vector<listing::ListedServer> listed;
};
BrowserServers browserServers(int count) {
  BrowserServers servers;
  for (int i = 0; i < count; ++i) {
    net::ServerInfo info;
    info.name = "Server number " + std::to_string(i);
    info.motd = "Races every hour, be kind in chat, and have fun";
    info.players = static_cast<std::uint16_t>(i % 17);
    info.rooms = {{"main", "arena", "play", static_cast<std::uint16_t>(i % 17), 16}};
    const std::string host = "198.51." + std::to_string(i / 250) + "." + std::to_string(i % 250);
    servers.listed.push_back({host, 7777, info});
    servers.heard.push_back({host + ":7777", info, static_cast<double>((i * 37) % 300), false});
  }
  return servers;
}

// The server browser with 1,000 servers (docs/performance.md#the-clients-frame): its rows
// rebuilt from every server (the search and filters applied, sorted by ping), which it does 4
// times a second, and its screen drawn, which it does every frame.
void BM_BrowserRebuild(benchmark::State& state) {
  const BrowserServers servers = browserServers(static_cast<int>(state.range(0)));
  ClientConfig config;
  ServerBrowser browser(config, "");
  std::vector<double> times;
  for (auto _ : state) {
    const double start = threadSeconds();
    browser.showServers(servers.heard, servers.listed);
    benchmark::DoNotOptimize(browser.rows().data());
    times.push_back(threadSeconds() - start);
  }
  std::sort(times.begin(), times.end());  // the CSV wants every run's counters
  state.counters["p50_ms"] = times[times.size() / 2] * 1e3;
  state.counters["p95_ms"] = times[times.size() * 95 / 100] * 1e3;
  state.counters["p99_ms"] = times[times.size() * 99 / 100] * 1e3;
  state.counters["draw_calls"] = 0.0;
}
BENCHMARK(BM_BrowserRebuild)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_BrowserFrame(benchmark::State& state) {
  const BrowserServers servers = browserServers(static_cast<int>(state.range(0)));
  ClientConfig config;
  ServerBrowser browser(config, "");
  browser.showServers(servers.heard, servers.listed);
  sf::RenderTexture target;
  target.create(1280, 960);
  target.setView(menuPage());
  static const sf::Font font = loadTextFont();
  std::vector<double> frames;
  const std::uint64_t callsBefore = drawCalls;
  for (auto _ : state) {
    const double start = threadSeconds();
    target.clear();
    browser.draw(target, font);
    target.display();
    frames.push_back(threadSeconds() - start);
  }
  std::sort(frames.begin(), frames.end());
  state.counters["p50_ms"] = frames[frames.size() / 2] * 1e3;
  state.counters["p95_ms"] = frames[frames.size() * 95 / 100] * 1e3;
  state.counters["p99_ms"] = frames[frames.size() * 99 / 100] * 1e3;
  state.counters["draw_calls"] =
      static_cast<double>(drawCalls - callsBefore) / static_cast<double>(frames.size());
}
BENCHMARK(BM_BrowserFrame)->Arg(1000)->Unit(benchmark::kMillisecond)->Iterations(600);

BENCHMARK(BM_ClientFrameArt)->Unit(benchmark::kMillisecond)->Iterations(1200);
BENCHMARK(BM_ClientFrameFlat)->Unit(benchmark::kMillisecond)->Iterations(1200);

}  // namespace
}  // namespace coyote
