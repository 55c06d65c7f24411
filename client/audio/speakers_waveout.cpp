#include "client/audio/speakers.h"

#include <mmsystem.h>
#include <windows.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

#include "client/audio/sound_synth.h"

namespace coyote {
namespace {

constexpr std::size_t kBlockFrames = kSynthSampleRate / 50;  ///< 20 ms of stereo frames
constexpr std::size_t kBlocks = 3;                           ///< 40–60 ms queued at the device

/// waveOut, which every Windows has: one stereo 16-bit stream, into which a thread of its own
/// mixes the voices block by block (SFML would mix through OpenAL Soft, not built for Windows).
class WaveOutSpeakers final : public Speakers {
 public:
  WaveOutSpeakers(HWAVEOUT device, HANDLE blockDone,
                  const std::vector<std::vector<std::int16_t>>& sounds, std::size_t voices)
      : device_(device), blockDone_(blockDone), sounds_(sounds), voices_(voices) {
    for (Block& block : blocks_) {
      block.header.lpData = reinterpret_cast<LPSTR>(block.samples.data());
      block.header.dwBufferLength = sizeof block.samples;
      waveOutPrepareHeader(device_, &block.header, sizeof block.header);
      block.header.dwFlags |= WHDR_DONE;  // free to be filled
    }
    mixer_ = std::thread([this] { mixLoop(); });
  }

  ~WaveOutSpeakers() override {
    running_ = false;
    SetEvent(blockDone_);
    mixer_.join();
    waveOutReset(device_);
    for (Block& block : blocks_) {
      waveOutUnprepareHeader(device_, &block.header, sizeof block.header);
    }
    waveOutClose(device_);
    CloseHandle(blockDone_);
  }

  void setMasterVolume(float volume) override {
    std::lock_guard lock(mutex_);
    master_ = volume;
  }

  void play(std::size_t voice, std::size_t sound, float volume, float pan) override {
    std::lock_guard lock(mutex_);
    // Equal-power panning: as loud in the middle as at either side.
    const float angle = (pan + 1.0f) * 0.25f * 3.14159265f;
    voices_[voice] = {sound, 0, volume * std::cos(angle), volume * std::sin(angle), true};
  }

  void stop(std::size_t voice) override {
    std::lock_guard lock(mutex_);
    voices_[voice].active = false;
  }

  bool playing(std::size_t voice) const override {
    std::lock_guard lock(mutex_);
    return voices_[voice].active;
  }

 private:
  struct Voice {
    std::size_t sound = 0;
    std::size_t at = 0;  ///< the next sample
    float left = 0.0f;
    float right = 0.0f;
    bool active = false;
  };
  struct Block {
    WAVEHDR header{};
    std::array<std::int16_t, 2 * kBlockFrames> samples{};
  };

  void mixLoop() {
    while (running_) {
      for (Block& block : blocks_) {
        if ((block.header.dwFlags & WHDR_DONE) != 0) {
          mix(block);
          block.header.dwFlags &= ~static_cast<DWORD>(WHDR_DONE);
          waveOutWrite(device_, &block.header, sizeof block.header);
        }
      }
      WaitForSingleObject(blockDone_, 100);
    }
  }

  void mix(Block& block) {
    std::array<float, 2 * kBlockFrames> sum{};
    {
      std::lock_guard lock(mutex_);
      for (Voice& voice : voices_) {
        const std::vector<std::int16_t>& samples = sounds_[voice.sound];
        for (std::size_t frame = 0; voice.active && frame < kBlockFrames; ++frame) {
          if (voice.at >= samples.size()) {
            voice.active = false;
            break;
          }
          const float sample = master_ * static_cast<float>(samples[voice.at++]);
          sum[2 * frame] += voice.left * sample;
          sum[2 * frame + 1] += voice.right * sample;
        }
      }
    }
    std::transform(sum.begin(), sum.end(), block.samples.begin(), [](float value) {
      return static_cast<std::int16_t>(std::clamp(value, -32768.0f, 32767.0f));
    });
  }

  HWAVEOUT device_;
  HANDLE blockDone_;
  const std::vector<std::vector<std::int16_t>> sounds_;
  mutable std::mutex mutex_;
  std::vector<Voice> voices_;  ///< guarded by mutex_, as master_
  float master_ = 1.0f;
  std::array<Block, kBlocks> blocks_;
  std::atomic<bool> running_ = true;
  std::thread mixer_;
};

}  // namespace

std::unique_ptr<Speakers> Speakers::open(const std::vector<std::vector<std::int16_t>>& sounds,
                                         std::size_t voices) {
  WAVEFORMATEX format{};
  format.wFormatTag = WAVE_FORMAT_PCM;
  format.nChannels = 2;
  format.nSamplesPerSec = kSynthSampleRate;
  format.wBitsPerSample = 16;
  format.nBlockAlign = 4;
  format.nAvgBytesPerSec = 4 * kSynthSampleRate;
  HANDLE blockDone = CreateEventW(nullptr, FALSE, FALSE, nullptr);
  HWAVEOUT device = nullptr;
  if (blockDone == nullptr ||
      waveOutOpen(&device, WAVE_MAPPER, &format, reinterpret_cast<DWORD_PTR>(blockDone), 0,
                  CALLBACK_EVENT) != MMSYSERR_NOERROR) {
    if (blockDone != nullptr) {
      CloseHandle(blockDone);
    }
    return nullptr;
  }
  return std::make_unique<WaveOutSpeakers>(device, blockDone, sounds, voices);
}

}  // namespace coyote
