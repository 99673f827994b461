// The platform layer on POSIX systems (Linux, the BSDs, macOS).
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "platform/platform.hpp"

#if !defined(CUBE_SYSTEM_TABLE_DIR) || !defined(CUBE_DRIVER_DIR)
#error "the build defines CUBE_SYSTEM_TABLE_DIR and CUBE_DRIVER_DIR (libcube/meson.build)"
#endif

namespace lc::platform {
namespace {

// errno as an OsError.
OsError os_error(int code) {
    OsError e;
    e.text = std::strerror(code);
    if (code == ENOENT) e.kind = Fail::kMissing;
    else if (code == ENOTDIR) e.kind = Fail::kNotFolder;
    else if (code == EEXIST) e.kind = Fail::kExists;
    else if (code == EWOULDBLOCK || code == EAGAIN) e.kind = Fail::kBusy;
    else if (code == EINTR) e.kind = Fail::kInterrupted;
    else e.kind = Fail::kOther;
    return e;
}

FileType type_of(mode_t mode) {
    if (S_ISREG(mode)) return FileType::kRegular;
    if (S_ISDIR(mode)) return FileType::kFolder;
    if (S_ISFIFO(mode)) return FileType::kNamedPipe;
    if (S_ISCHR(mode)) return FileType::kCharDevice;
    if (S_ISBLK(mode)) return FileType::kBlockDevice;
    if (S_ISSOCK(mode)) return FileType::kSocket;
    return FileType::kOther;
}

FileInfo info_of(const struct stat &st) {
    FileInfo info;
    info.type = type_of(st.st_mode);
    info.size = static_cast<uint64_t>(st.st_size);
    return info;
}

int fd_of(intptr_t handle) { return static_cast<int>(handle); }

}  // namespace

bool path_info(const std::string &path, FileInfo &info, OsError *e) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0) {
        if (e) *e = os_error(errno);
        return false;
    }
    info = info_of(st);
    return true;
}

File::~File() {
    if (is_open()) ::close(fd_of(handle_));
}

bool File::open(const std::string &path, Mode mode, OsError &e) {
    int fd = -1;
    if (mode == Mode::kRead) fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (mode == Mode::kCreateNew) fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (mode == Mode::kLock) fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        e = os_error(errno);
        return false;
    }
    handle_ = fd;
    return true;
}

bool File::info(FileInfo &info, OsError &e) const {
    struct stat st;
    if (fstat(fd_of(handle_), &st) != 0) {
        e = os_error(errno);
        return false;
    }
    info = info_of(st);
    return true;
}

long long File::read_at(void *buffer, size_t n, uint64_t offset, OsError &e) const {
    for (;;) {
        ssize_t got = pread(fd_of(handle_), buffer, n, static_cast<off_t>(offset));
        if (got >= 0) return got;
        if (errno == EINTR) continue;
        e = os_error(errno);
        return -1;
    }
}

long long File::read(void *buffer, size_t n, OsError &e) {
    ssize_t got = ::read(fd_of(handle_), buffer, n);
    if (got >= 0) return got;
    e = os_error(errno);
    return -1;
}

bool File::wait_readable(int ms, OsError &e) const {
    pollfd p{fd_of(handle_), POLLIN, 0};
    if (poll(&p, 1, ms) < 0 && errno != EINTR) {
        e = os_error(errno);
        return false;
    }
    return true;
}

long long File::write(const void *buffer, size_t n, OsError &e) {
    for (;;) {
        ssize_t done = ::write(fd_of(handle_), buffer, n);
        if (done >= 0) return done;
        if (errno == EINTR) continue;
        e = os_error(errno);
        return -1;
    }
}

bool File::sync_data(OsError &e) {
    if (fdatasync(fd_of(handle_)) == 0) return true;
    e = os_error(errno);
    return false;
}

bool File::close(OsError &e) {
    if (!is_open()) return true;
    int fd = fd_of(handle_);
    handle_ = kNone;
    if (::close(fd) == 0) return true;
    e = os_error(errno);
    return false;
}

bool File::try_lock(OsError &e) {
    if (flock(fd_of(handle_), LOCK_EX | LOCK_NB) == 0) return true;
    e = os_error(errno);
    return false;
}

bool File::is_at(const std::string &path) const {
    struct stat held, named;
    return fstat(fd_of(handle_), &held) == 0 && stat(path.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
           held.st_ino == named.st_ino;
}

void File::replace_content(const std::string &text) {
    if (ftruncate(fd_of(handle_), 0) == 0) {
        ssize_t written = pwrite(fd_of(handle_), text.data(), text.size(), 0);
        (void)written;
    }
}

void *File::map_read_only(uint64_t size, OsError &e) const {
    void *p = mmap(nullptr, size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd_of(handle_), 0);
    if (p != MAP_FAILED) return p;
    e = os_error(errno);
    return nullptr;
}

void unmap(void *data, size_t size) { munmap(data, size); }

void *allocate_pages(size_t size) {
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? nullptr : p;
}

void free_pages(void *data, size_t size) { munmap(data, size); }

void advise_huge_pages(void *data, size_t size) { madvise(data, size, MADV_HUGEPAGE); }

bool make_folder(const std::string &path, OsError &e) {
    if (mkdir(path.c_str(), 0755) == 0) return true;
    e = os_error(errno);
    return e.kind == Fail::kExists;
}

bool rename_over(const std::string &from, const std::string &to, OsError &e) {
    if (rename(from.c_str(), to.c_str()) == 0) return true;
    e = os_error(errno);
    return false;
}

bool remove_file(const std::string &path) { return unlink(path.c_str()) == 0; }

bool folder_writable(const std::string &path, OsError &e) {
    if (access(path.c_str(), W_OK | X_OK) == 0) return true;
    e = os_error(errno);
    return false;
}

bool list_folder(const std::string &path, std::vector<std::string> &names) {
    DIR *dir = opendir(path.c_str());
    if (!dir) return false;
    for (dirent *entry; (entry = readdir(dir)) != nullptr;) {
        std::string name = entry->d_name;
        if (name != "." && name != "..") names.push_back(name);
    }
    closedir(dir);
    return true;
}

bool is_absolute(const std::string &path) { return !path.empty() && path[0] == '/'; }

char path_list_separator() { return ':'; }

std::string env(const char *name) {
    const char *value = std::getenv(name);
    return value ? value : "";
}

// Relative cache and home folders are ignored (as the XDG spec says): they would move with the working folder.
std::string user_cache_folder(std::string &why) {
    std::string xdg = env("XDG_CACHE_HOME");
    if (!xdg.empty() && xdg[0] == '/') return xdg + "/libcube";
    std::string home = env("HOME");
    if (!home.empty() && home[0] == '/') return home + "/.cache/libcube";
    // No usable HOME: the user's home folder from the password database.
    std::vector<char> buffer(16384);
    struct passwd entry;
    struct passwd *found = nullptr;
    int err = getpwuid_r(getuid(), &entry, buffer.data(), buffer.size(), &found);
    if (err == 0 && found && found->pw_dir && found->pw_dir[0] == '/')
        return std::string(found->pw_dir) + "/.cache/libcube";
    why = "no table folder: set CUBE_TABLE_DIR or HOME";
    return "";
}

std::string system_table_folder() { return CUBE_SYSTEM_TABLE_DIR; }

std::string driver_folder() { return CUBE_DRIVER_DIR; }

std::string meminfo_text() {
    std::FILE *f = std::fopen("/proc/meminfo", "re");
    if (!f) return "";
    std::string text(64 * 1024, '\0');
    size_t n = std::fread(&text[0], 1, text.size(), f);
    bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) return "";
    text.resize(n);
    return text;
}

long process_id() { return static_cast<long>(getpid()); }

bool process_may_run(long pid) {
    if (pid <= 0) return true;
    return kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH;
}

void *load_library(const std::string &path, std::string &why) {
    dlerror();
    void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *e = dlerror();
        why = e ? e : "dlopen failed";
    }
    return library;
}

void *library_symbol(void *library, const char *name) { return dlsym(library, name); }

void close_library(void *library) { dlclose(library); }

const char *library_suffix() { return ".so"; }

// Symbolic links are followed: the file loaded is what counts.
std::string unsafe_to_load(const std::string &path) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0) return "";
    if (st.st_mode & S_IWOTH) return "world-writable (anyone could have put code there)";
    if (st.st_uid != 0 && st.st_uid != geteuid())
        return "owned by uid " + std::to_string(st.st_uid) + ", neither root nor this user";
    return "";
}

}  // namespace lc::platform
