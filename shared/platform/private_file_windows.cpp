#include "platform/private_file.h"

#include <aclapi.h>
#include <windows.h>

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "platform/windows_text.h"

namespace coyote::platform {
namespace {

/// The SID of the user this process runs as (its token's), in a buffer that holds it.
std::vector<unsigned char> currentUser() {
  HANDLE token = nullptr;
  std::vector<unsigned char> buffer;
  if (OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token)) {
    DWORD size = 0;
    GetTokenInformation(token, TokenUser, nullptr, 0, &size);
    buffer.resize(size);
    if (!GetTokenInformation(token, TokenUser, buffer.data(), size, &size)) {
      buffer.clear();
    }
    CloseHandle(token);
  }
  return buffer;
}

PSID userSid(std::vector<unsigned char>& tokenUser) {
  return tokenUser.empty() ? nullptr : reinterpret_cast<TOKEN_USER*>(tokenUser.data())->User.Sid;
}

/// Whoever may read a private file besides its owner: the system and the administrators.
bool trusted(PSID sid, PSID owner, PSID user) {
  return (owner != nullptr && EqualSid(sid, owner)) || (user != nullptr && EqualSid(sid, user)) ||
         IsWellKnownSid(sid, WinLocalSystemSid) || IsWellKnownSid(sid, WinBuiltinAdministratorsSid);
}

/// Whether the access list lets anyone but the trusted read the file.
bool othersMayRead(PACL dacl, PSID owner, PSID user) {
  constexpr DWORD kReading = FILE_READ_DATA | GENERIC_READ | GENERIC_ALL;
  for (DWORD index = 0; index < dacl->AceCount; ++index) {
    void* entry = nullptr;
    if (!GetAce(dacl, index, &entry)) {
      return true;
    }
    const auto* header = static_cast<ACE_HEADER*>(entry);
    if (header->AceType != ACCESS_ALLOWED_ACE_TYPE || (header->AceFlags & INHERIT_ONLY_ACE) != 0) {
      continue;
    }
    auto* allowed = static_cast<ACCESS_ALLOWED_ACE*>(entry);
    if ((allowed->Mask & kReading) != 0 &&
        !trusted(reinterpret_cast<PSID>(&allowed->SidStart), owner, user)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string privateFileProblem(const std::string& file) {
  const std::wstring path = wide(file);
  const DWORD attributes = GetFileAttributesW(path.c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) {
    return fmt::format("{}: {}", file, systemMessage(GetLastError()));
  }
  if ((attributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
    return fmt::format("{}: not a regular file", file);
  }
  PSID owner = nullptr;
  PACL dacl = nullptr;
  PSECURITY_DESCRIPTOR descriptor = nullptr;
  const DWORD status = GetNamedSecurityInfoW(path.c_str(), SE_FILE_OBJECT,
                                             OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION,
                                             &owner, nullptr, &dacl, nullptr, &descriptor);
  if (status != ERROR_SUCCESS) {
    return fmt::format("{}: its access list cannot be read: {}", file, systemMessage(status));
  }
  std::vector<unsigned char> tokenUser = currentUser();
  const bool open = dacl == nullptr || othersMayRead(dacl, owner, userSid(tokenUser));
  LocalFree(descriptor);
  if (open) {
    return fmt::format(
        "{}: its access list lets other users read your player key; run icacls \"{}\" "
        "/inheritance:r /grant:r %USERNAME%:F",
        file, file);
  }
  return "";
}

// The file is made with an access list of one entry, its user's, protected from what its folder
// would pass on: no one else, not even a user of the same machine, may read it.
void writePrivateFile(const std::string& file, const std::string& text) {
  const std::filesystem::path path = wide(file);
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path());
  }
  std::vector<unsigned char> tokenUser = currentUser();
  PSID user = userSid(tokenUser);
  const DWORD aclSize = sizeof(ACL) + sizeof(ACCESS_ALLOWED_ACE) + (user ? GetLengthSid(user) : 0);
  std::vector<unsigned char> aclBuffer(aclSize);
  auto* acl = reinterpret_cast<PACL>(aclBuffer.data());
  SECURITY_DESCRIPTOR descriptor;
  if (user == nullptr || !InitializeAcl(acl, aclSize, ACL_REVISION) ||
      !AddAccessAllowedAce(acl, ACL_REVISION, GENERIC_ALL, user) ||
      !InitializeSecurityDescriptor(&descriptor, SECURITY_DESCRIPTOR_REVISION) ||
      !SetSecurityDescriptorDacl(&descriptor, TRUE, acl, FALSE) ||
      !SetSecurityDescriptorControl(&descriptor, SE_DACL_PROTECTED, SE_DACL_PROTECTED)) {
    throw std::runtime_error(
        fmt::format("{}: no access list for it: {}", file, systemMessage(GetLastError())));
  }
  SECURITY_ATTRIBUTES attributes{sizeof attributes, &descriptor, FALSE};
  // One temporary a process, as on POSIX: two programs making the same file at once each rename
  // a whole one over it.
  const std::wstring temporary = wide(fmt::format("{}.{}.new", file, GetCurrentProcessId()));
  DeleteFileW(temporary.c_str());
  HANDLE handle = CreateFileW(temporary.c_str(), GENERIC_WRITE, 0, &attributes, CREATE_NEW,
                              FILE_ATTRIBUTE_NORMAL, nullptr);
  if (handle == INVALID_HANDLE_VALUE) {
    throw std::runtime_error(
        fmt::format("{}: its temporary: {}", file, systemMessage(GetLastError())));
  }
  DWORD written = 0;
  const bool whole =
      WriteFile(handle, text.data(), static_cast<DWORD>(text.size()), &written, nullptr) &&
      written == text.size();
  const bool closed = CloseHandle(handle);
  if (!whole || !closed ||
      !MoveFileExW(temporary.c_str(), path.c_str(), MOVEFILE_REPLACE_EXISTING)) {
    DeleteFileW(temporary.c_str());
    throw std::runtime_error(fmt::format("{}: could not be written", file));
  }
}

}  // namespace coyote::platform
