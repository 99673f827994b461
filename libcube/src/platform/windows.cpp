// The platform layer on Windows (built with MinGW-w64). Paths are UTF-8 and go through the wide (W) calls.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <cstdlib>
#include <cstring>

#include "platform/platform.hpp"

namespace lc::platform {
namespace {

std::wstring wide(const std::string &text) {
    if (text.empty()) return std::wstring();
    int n = MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), nullptr, 0);
    std::wstring out(static_cast<size_t>(n), L'\0');
    MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), &out[0], n);
    return out;
}

std::string utf8(const wchar_t *text, size_t length) {
    if (length == 0) return std::string();
    int n = WideCharToMultiByte(CP_UTF8, 0, text, static_cast<int>(length), nullptr, 0, nullptr, nullptr);
    std::string out(static_cast<size_t>(n), '\0');
    WideCharToMultiByte(CP_UTF8, 0, text, static_cast<int>(length), &out[0], n, nullptr, nullptr);
    return out;
}

// The system's text for an error code, without the trailing ".\r\n".
std::string message_of(DWORD code) {
    wchar_t *text = nullptr;
    DWORD n = FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM |
                                 FORMAT_MESSAGE_IGNORE_INSERTS,
                             nullptr, code, 0, reinterpret_cast<wchar_t *>(&text), 0, nullptr);
    std::string out = n ? utf8(text, n) : "error " + std::to_string(code);
    if (text) LocalFree(text);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == '.' || out.back() == ' '))
        out.pop_back();
    return out;
}

OsError os_error(DWORD code) {
    OsError e;
    e.text = message_of(code);
    if (code == ERROR_FILE_NOT_FOUND || code == ERROR_INVALID_NAME) e.kind = Fail::kMissing;
    else if (code == ERROR_PATH_NOT_FOUND) e.kind = Fail::kMissing;  // also a file where a folder belongs
    else if (code == ERROR_DIRECTORY) e.kind = Fail::kNotFolder;
    else if (code == ERROR_FILE_EXISTS || code == ERROR_ALREADY_EXISTS) e.kind = Fail::kExists;
    else if (code == ERROR_LOCK_VIOLATION || code == ERROR_IO_PENDING || code == ERROR_NO_DATA) e.kind = Fail::kBusy;
    else e.kind = Fail::kOther;
    return e;
}

OsError last_error() { return os_error(GetLastError()); }

HANDLE handle_of(intptr_t h) { return reinterpret_cast<HANDLE>(h); }

FileType type_of_handle(HANDLE h) {
    switch (GetFileType(h)) {
        case FILE_TYPE_CHAR: return FileType::kCharDevice;
        case FILE_TYPE_PIPE: return FileType::kNamedPipe;
        case FILE_TYPE_DISK: break;
        default: return FileType::kOther;
    }
    BY_HANDLE_FILE_INFORMATION info;
    if (GetFileInformationByHandle(h, &info) && (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
        return FileType::kFolder;
    return FileType::kRegular;
}

// The lock is a byte range past every byte a lock file holds, so the holder's id stays readable
// (Windows locks are mandatory: a locked byte cannot be read by others).
constexpr DWORD kLockOffsetHigh = 1;

}  // namespace

bool path_info(const std::string &path, FileInfo &info, OsError *e) {
    WIN32_FILE_ATTRIBUTE_DATA data;
    if (!GetFileAttributesExW(wide(path).c_str(), GetFileExInfoStandard, &data)) {
        if (e) *e = last_error();
        return false;
    }
    info.type = (data.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) ? FileType::kFolder : FileType::kRegular;
    info.size = (static_cast<uint64_t>(data.nFileSizeHigh) << 32) | data.nFileSizeLow;
    if (info.type == FileType::kRegular && (data.dwFileAttributes & FILE_ATTRIBUTE_DEVICE))
        info.type = FileType::kCharDevice;
    return true;
}

File::~File() {
    if (is_open()) CloseHandle(handle_of(handle_));
}

bool File::open(const std::string &path, Mode mode, OsError &e) {
    // FILE_SHARE_DELETE: a file that is open (or mapped) can still be renamed over or removed, as on POSIX.
    const DWORD share = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
    DWORD access = GENERIC_READ;
    DWORD disposition = OPEN_EXISTING;
    if (mode == Mode::kCreateNew) {
        access = GENERIC_WRITE;
        disposition = CREATE_NEW;
    }
    if (mode == Mode::kLock) {
        access = GENERIC_READ | GENERIC_WRITE;
        disposition = OPEN_ALWAYS;
    }
    HANDLE h = CreateFileW(wide(path).c_str(), access, share, nullptr, disposition,
                           FILE_ATTRIBUTE_NORMAL | FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        e = last_error();
        return false;
    }
    handle_ = reinterpret_cast<intptr_t>(h);
    return true;
}

bool File::info(FileInfo &info, OsError &e) const {
    HANDLE h = handle_of(handle_);
    info.type = type_of_handle(h);
    info.size = 0;
    if (info.type != FileType::kRegular) return true;
    LARGE_INTEGER size;
    if (!GetFileSizeEx(h, &size)) {
        e = last_error();
        return false;
    }
    info.size = static_cast<uint64_t>(size.QuadPart);
    return true;
}

long long File::read_at(void *buffer, size_t n, uint64_t offset, OsError &e) const {
    OVERLAPPED at{};
    at.Offset = static_cast<DWORD>(offset);
    at.OffsetHigh = static_cast<DWORD>(offset >> 32);
    DWORD got = 0;
    DWORD want = n > 0x40000000 ? 0x40000000 : static_cast<DWORD>(n);
    if (ReadFile(handle_of(handle_), buffer, want, &got, &at)) return got;
    DWORD code = GetLastError();
    if (code == ERROR_HANDLE_EOF) return 0;
    e = os_error(code);
    return -1;
}

long long File::read(void *buffer, size_t n, OsError &e) {
    DWORD got = 0;
    DWORD want = n > 0x40000000 ? 0x40000000 : static_cast<DWORD>(n);
    if (ReadFile(handle_of(handle_), buffer, want, &got, nullptr)) return got;
    DWORD code = GetLastError();
    if (code == ERROR_BROKEN_PIPE || code == ERROR_HANDLE_EOF) return 0;  // the writer is gone: the end
    e = os_error(code);
    return -1;
}

// Reads block on Windows (no O_NONBLOCK): there is nothing to wait for.
bool File::wait_readable(int, OsError &) const { return true; }

long long File::write(const void *buffer, size_t n, OsError &e) {
    DWORD done = 0;
    DWORD want = n > 0x40000000 ? 0x40000000 : static_cast<DWORD>(n);
    if (WriteFile(handle_of(handle_), buffer, want, &done, nullptr)) return done;
    e = last_error();
    return -1;
}

bool File::sync_data(OsError &e) {
    if (FlushFileBuffers(handle_of(handle_))) return true;
    e = last_error();
    return false;
}

bool File::close(OsError &e) {
    if (!is_open()) return true;
    HANDLE h = handle_of(handle_);
    handle_ = kNone;
    if (CloseHandle(h)) return true;
    e = last_error();
    return false;
}

bool File::try_lock(OsError &e) {
    OVERLAPPED at{};
    at.OffsetHigh = kLockOffsetHigh;
    if (LockFileEx(handle_of(handle_), LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at))
        return true;
    e = last_error();
    return false;
}

bool File::is_at(const std::string &path) const {
    BY_HANDLE_FILE_INFORMATION held, named;
    if (!GetFileInformationByHandle(handle_of(handle_), &held)) return false;
    HANDLE h = CreateFileW(wide(path).c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                           OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (h == INVALID_HANDLE_VALUE) return false;
    bool same = GetFileInformationByHandle(h, &named) && held.dwVolumeSerialNumber == named.dwVolumeSerialNumber &&
                held.nFileIndexHigh == named.nFileIndexHigh && held.nFileIndexLow == named.nFileIndexLow;
    CloseHandle(h);
    return same;
}

void File::replace_content(const std::string &text) {
    HANDLE h = handle_of(handle_);
    LARGE_INTEGER start{};
    if (!SetFilePointerEx(h, start, nullptr, FILE_BEGIN) || !SetEndOfFile(h)) return;
    DWORD done = 0;
    WriteFile(h, text.data(), static_cast<DWORD>(text.size()), &done, nullptr);
}

void *File::map_read_only(uint64_t size, OsError &e) const {
    HANDLE section = CreateFileMappingW(handle_of(handle_), nullptr, PAGE_READONLY, static_cast<DWORD>(size >> 32),
                                        static_cast<DWORD>(size), nullptr);
    if (!section) {
        e = last_error();
        return nullptr;
    }
    void *p = MapViewOfFile(section, FILE_MAP_READ, 0, 0, static_cast<SIZE_T>(size));
    if (!p) e = last_error();
    CloseHandle(section);  // the view keeps the section
    return p;
}

void unmap(void *data, size_t) { UnmapViewOfFile(data); }

void *allocate_pages(size_t size) { return VirtualAlloc(nullptr, size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE); }

void free_pages(void *data, size_t) { VirtualFree(data, 0, MEM_RELEASE); }

// Large pages need a privilege ordinary users lack and cannot be asked for after the allocation.
void advise_huge_pages(void *, size_t) {}

bool make_folder(const std::string &path, OsError &e) {
    std::wstring name = wide(path);
    if (CreateDirectoryW(name.c_str(), nullptr)) return true;
    e = last_error();
    DWORD attributes = GetFileAttributesW(name.c_str());
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY)) return true;
    if (attributes != INVALID_FILE_ATTRIBUTES) e.kind = Fail::kExists;
    return false;
}

bool rename_over(const std::string &from, const std::string &to, OsError &e) {
    if (MoveFileExW(wide(from).c_str(), wide(to).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        return true;
    e = last_error();
    return false;
}

bool remove_file(const std::string &path) { return DeleteFileW(wide(path).c_str()) != 0; }

// ACLs are not evaluated here: a folder that cannot be written shows up as a failure to create the file.
bool folder_writable(const std::string &path, OsError &e) {
    DWORD attributes = GetFileAttributesW(wide(path).c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES) {
        e = last_error();
        return false;
    }
    return true;
}

bool list_folder(const std::string &path, std::vector<std::string> &names) {
    WIN32_FIND_DATAW found;
    HANDLE search = FindFirstFileW(wide(path + "/*").c_str(), &found);
    if (search == INVALID_HANDLE_VALUE) return false;
    do {
        std::string name = utf8(found.cFileName, wcslen(found.cFileName));
        if (name != "." && name != "..") names.push_back(name);
    } while (FindNextFileW(search, &found));
    FindClose(search);
    return true;
}

bool is_absolute(const std::string &path) {
    auto slash = [](char c) { return c == '/' || c == '\\'; };
    if (path.size() >= 2 && slash(path[0]) && slash(path[1])) return true;
    return path.size() >= 3 && ((path[0] >= 'A' && path[0] <= 'Z') || (path[0] >= 'a' && path[0] <= 'z')) &&
           path[1] == ':' && slash(path[2]);
}

char path_list_separator() { return ';'; }

std::string env(const char *name) {
    std::wstring key = wide(name);
    DWORD n = GetEnvironmentVariableW(key.c_str(), nullptr, 0);
    if (n == 0) return "";
    std::wstring value(n, L'\0');
    n = GetEnvironmentVariableW(key.c_str(), &value[0], n);
    return utf8(value.c_str(), n);
}

namespace {

// A folder from the environment with '/' for '\\', or "" if unset or not absolute.
std::string env_folder(const char *name) {
    std::string value = env(name);
    for (char &c : value)
        if (c == '\\') c = '/';
    return is_absolute(value) ? value : "";
}

}  // namespace

std::string user_cache_folder(std::string &why) {
    std::string local = env_folder("LOCALAPPDATA");
    if (!local.empty()) return local + "/libcube";
    why = "no table folder: set CUBE_TABLE_DIR or LOCALAPPDATA";
    return "";
}

std::string system_table_folder() {
#ifdef CUBE_SYSTEM_TABLE_DIR
    if (CUBE_SYSTEM_TABLE_DIR[0] != '\0') return CUBE_SYSTEM_TABLE_DIR;
#endif
    std::string data = env_folder("PROGRAMDATA");
    return (data.empty() ? std::string("C:/ProgramData") : data) + "/libcube/tables";
}

std::string driver_folder() {
#ifdef CUBE_DRIVER_DIR
    if (CUBE_DRIVER_DIR[0] != '\0') return CUBE_DRIVER_DIR;
#endif
    // The module this function is in: libcube-2.dll, or the program that links libcube.a.
    HMODULE self = nullptr;
    if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                            reinterpret_cast<LPCWSTR>(&driver_folder), &self))
        return "";
    std::wstring path(MAX_PATH, L'\0');
    for (;;) {
        DWORD n = GetModuleFileNameW(self, &path[0], static_cast<DWORD>(path.size()));
        if (n == 0) return "";
        if (n < path.size()) {
            path.resize(n);
            break;
        }
        if (path.size() >= 32768) return "";
        path.resize(path.size() * 2);
    }
    std::string file = utf8(path.data(), path.size());
    for (char &c : file)
        if (c == '\\') c = '/';
    size_t slash = file.rfind('/');  // the module's folder (BIN)
    if (slash == std::string::npos) return "";
    std::string bin = file.substr(0, slash);
    size_t parent = bin.rfind('/');  // its parent, unless BIN is a drive's root
    return (parent == std::string::npos ? bin : bin.substr(0, parent)) + "/drivers";
}

std::string meminfo_text() {
    MEMORYSTATUSEX status;
    status.dwLength = sizeof status;
    if (!GlobalMemoryStatusEx(&status)) return "";
    return "MemAvailable: " + std::to_string(status.ullAvailPhys >> 10) + " kB\n";
}

long process_id() { return static_cast<long>(GetCurrentProcessId()); }

bool process_may_run(long pid) {
    if (pid <= 0) return true;
    HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid));
    if (!process) return GetLastError() != ERROR_INVALID_PARAMETER;  // no such process
    DWORD code = 0;
    bool running = !GetExitCodeProcess(process, &code) || code == STILL_ACTIVE;
    CloseHandle(process);
    return running;
}

void *load_library(const std::string &path, std::string &why) {
    // The plugin's dependencies from its own folder and System32 only, never the current folder or PATH.
    HMODULE library = LoadLibraryExW(wide(path).c_str(), nullptr,
                                     LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_DEFAULT_DIRS);
    if (!library) why = message_of(GetLastError());
    return reinterpret_cast<void *>(library);
}

void *library_symbol(void *library, const char *name) {
    return reinterpret_cast<void *>(GetProcAddress(static_cast<HMODULE>(library), name));
}

void close_library(void *library) { FreeLibrary(static_cast<HMODULE>(library)); }

const char *library_suffix() { return ".dll"; }

std::string unsafe_to_load(const std::string &) { return ""; }

}  // namespace lc::platform
