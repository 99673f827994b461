// Everything the library asks the operating system for (besides the memory available, available_memory.hpp):
// files, mappings, folders, the build lock, processes, plugins. One header; posix.cpp and windows.cpp
// implement it (meson picks one by the host system). Paths are UTF-8 with '/' (Windows also takes '\\');
// the Windows side hands them to the wide (W) calls. Nothing else in the library includes an OS header.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lc::platform {

// What a path names (symbolic links followed).
enum class FileType { kRegular, kFolder, kNamedPipe, kCharDevice, kBlockDevice, kSocket, kOther };

// "a regular file", "a folder", "a named pipe", ...
const char *file_type_name(FileType type);

// Why an OS call failed: the cases callers tell apart, and the system's text (strerror, FormatMessage).
enum class Fail { kNone, kMissing, kNotFolder, kExists, kBusy, kInterrupted, kOther };
struct OsError {
    Fail kind = Fail::kNone;
    std::string text;
};

struct FileInfo {
    FileType type = FileType::kOther;
    uint64_t size = 0;
};

// What `path` names; false (with *e) if it cannot be asked.
bool path_info(const std::string &path, FileInfo &info, OsError *e);

// An open file, closed when the object goes.
class File {
public:
    enum class Mode {
        kRead,       // read only; never blocks on a named pipe nor becomes a controlling terminal
        kCreateNew,  // write only, created (0644); fails with kExists if the name is taken
        kLock,       // read and write, created if missing: a lock file
    };
    File() = default;
    ~File();
    File(const File &) = delete;
    File &operator=(const File &) = delete;
    File(File &&other) noexcept : handle_(other.handle_) { other.handle_ = kNone; }
    // Takes the other's file; this one's goes with the other.
    File &operator=(File &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }

    bool open(const std::string &path, Mode mode, OsError &e);
    bool is_open() const { return handle_ != kNone; }
    bool info(FileInfo &info, OsError &e) const;
    // Up to n bytes at `offset` (interruptions retried); -1 on a failure.
    long long read_at(void *buffer, size_t n, uint64_t offset, OsError &e) const;
    // Up to n bytes from the current position; -1 on a failure, with kBusy when a pipe has nothing yet.
    long long read(void *buffer, size_t n, OsError &e);
    // Waits at most `ms` until read() has something (or an end); false on a failure.
    bool wait_readable(int ms, OsError &e) const;
    // Up to n bytes (interruptions retried); -1 on a failure.
    long long write(const void *buffer, size_t n, OsError &e);
    // Flushes the written data to the disk.
    bool sync_data(OsError &e);
    // Closes; false (with *e) if the system reports a late write failure.
    bool close(OsError &e);
    // An exclusive lock, not waited for: false with kBusy (or kInterrupted) if another holder has it.
    // Released by close() and when the process ends.
    bool try_lock(OsError &e);
    // Whether this is still the file named `path` (not removed, not replaced).
    bool is_at(const std::string &path) const;
    // The file's content replaced by `text` (a hint for others: failures ignored).
    void replace_content(const std::string &text);

    // The read-only mapping of the first `size` bytes, read in ahead; null (with *e) if it cannot be.
    void *map_read_only(uint64_t size, OsError &e) const;

private:
    static constexpr intptr_t kNone = -1;
    intptr_t handle_ = kNone;  // a descriptor (POSIX) or a HANDLE (Windows)
};

// Releases a map_read_only() mapping.
void unmap(void *data, size_t size);
// `size` zero-filled bytes of fresh pages, or null if the system has not that much.
void *allocate_pages(size_t size);
void free_pages(void *data, size_t size);
// Asks for huge pages for the range where the system offers them (a hint).
void advise_huge_pages(void *data, size_t size);

// Creates one folder; true also if a folder of that name exists (kExists when it is something else).
bool make_folder(const std::string &path, OsError &e);
// Renames `from` over `to` (replacing it in one step, written through to the disk).
bool rename_over(const std::string &from, const std::string &to, OsError &e);
// Removes a file (also one that is open); false if it cannot.
bool remove_file(const std::string &path);
// Whether this process may create files in the folder `path`.
bool folder_writable(const std::string &path, OsError &e);
// The names in a folder (without "." and ".."); false if it cannot be opened.
bool list_folder(const std::string &path, std::vector<std::string> &names);

// Whether `path` is absolute ("/x"; on Windows also "C:/x", "C:\x", "\\server\x").
bool is_absolute(const std::string &path);
// What separates the folders of a search path: ':' (POSIX) or ';' (Windows).
char path_list_separator();

// An environment variable as UTF-8, or "" if unset.
std::string env(const char *name);
// The user's cache folder for libcube: $XDG_CACHE_HOME/libcube, HOME/.cache/libcube (POSIX),
// %LOCALAPPDATA%/libcube (Windows); "" with *why when there is none.
std::string user_cache_folder(std::string &why);
// The system's read-only table folder compiled in: the meson option system_table_dir (POSIX; on Windows
// when given), else %PROGRAMDATA%/libcube/tables.
std::string system_table_folder();
// The installed driver plugins' folder: the meson option driver_dir (POSIX, default LIBDIR/libcube/drivers;
// on Windows when given), else on Windows `drivers` beside the folder of the DLL (or program) holding libcube:
// BIN/../drivers, the release zip's drivers/ (docs/windows.md).
std::string driver_folder();

// /proc/meminfo's text (read to its end, at most 64 KiB), "" if it cannot be read; on Windows one line
// "MemAvailable: N kB" from GlobalMemoryStatusEx (the physical memory available).
std::string meminfo_text();

long process_id();
// False only when the process surely does not exist.
bool process_may_run(long pid);

// A plugin library loaded with its dependencies resolved now (POSIX: dlopen RTLD_NOW|RTLD_LOCAL; Windows:
// LoadLibraryExW from the plugin's own folder and the system's, never the current folder); null with *why.
void *load_library(const std::string &path, std::string &why);
void *library_symbol(void *library, const char *name);
void close_library(void *library);
// The file name ending of a plugin: ".so" or ".dll".
const char *library_suffix();
// Why a folder or plugin file is not safe to load code from, or "". POSIX: world-writable, or owned by
// someone other than root and this user. Windows: "" (ACLs are not checked; see docs/windows.md).
std::string unsafe_to_load(const std::string &path);

}  // namespace lc::platform
