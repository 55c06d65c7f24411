#include "platform/subprocess.h"

#include <windows.h>

#include <stdexcept>

#include "platform/windows_text.h"

namespace coyote::platform {
namespace {

/// `argument` quoted as CommandLineToArgvW reads it back: backslashes doubled before a quote.
std::wstring quoted(const std::wstring& argument) {
  std::wstring text = L"\"";
  std::size_t backslashes = 0;
  for (const wchar_t c : argument) {
    if (c == L'\\') {
      ++backslashes;
      continue;
    }
    text.append(c == L'"' ? 2 * backslashes + 1 : backslashes, L'\\');
    backslashes = 0;
    text += c;
  }
  text.append(2 * backslashes, L'\\');
  return text + L"\"";
}

}  // namespace

Subprocess::Subprocess(const std::vector<std::string>& arguments, const std::string& outputFile) {
  std::wstring commandLine;
  for (const std::string& argument : arguments) {
    commandLine += (commandLine.empty() ? L"" : L" ") + quoted(wide(argument));
  }
  SECURITY_ATTRIBUTES inheritable{sizeof inheritable, nullptr, TRUE};
  HANDLE output = CreateFileW(wide(outputFile).c_str(), GENERIC_WRITE, FILE_SHARE_READ,
                              &inheritable, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (output == INVALID_HANDLE_VALUE) {
    throw std::runtime_error(outputFile + ": " + systemMessage(GetLastError()));
  }
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  startup.dwFlags = STARTF_USESTDHANDLES;
  startup.hStdOutput = output;
  startup.hStdError = output;
  PROCESS_INFORMATION started{};
  const BOOL ok = CreateProcessW(nullptr, commandLine.data(), nullptr, nullptr, TRUE,
                                 CREATE_NEW_PROCESS_GROUP | CREATE_NO_WINDOW, nullptr, nullptr,
                                 &startup, &started);
  const DWORD error = GetLastError();
  CloseHandle(output);
  if (!ok) {
    throw std::runtime_error("cannot start " + arguments.front() + ": " + systemMessage(error));
  }
  CloseHandle(started.hThread);
  handle_ = reinterpret_cast<std::intptr_t>(started.hProcess);
}

Subprocess::~Subprocess() {
  const auto process = reinterpret_cast<HANDLE>(handle_);
  if (!ended_) {
    // Ctrl+Break reaches only its group (CREATE_NEW_PROCESS_GROUP): the program's own handler
    // ends it cleanly; one that has none is ended after 5 s.
    GenerateConsoleCtrlEvent(CTRL_BREAK_EVENT, GetProcessId(process));
    if (WaitForSingleObject(process, 5000) != WAIT_OBJECT_0) {
      TerminateProcess(process, 1);
      WaitForSingleObject(process, INFINITE);
    }
  }
  CloseHandle(process);
}

bool Subprocess::ended() {
  if (!ended_ && WaitForSingleObject(reinterpret_cast<HANDLE>(handle_), 0) == WAIT_OBJECT_0) {
    ended_ = true;
  }
  return ended_;
}

}  // namespace coyote::platform
