#include "table_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "error.hpp"
#include "hash64.hpp"

namespace lc::tablefile {
namespace {

constexpr char kMagic[8] = {'L', 'C', 'T', 'A', 'B', 'L', 'E', '1'};
constexpr uint64_t kSeed = 0x6c69626375626521ULL;

struct Header {
    char magic[8];
    uint64_t kind;
    uint64_t file_size;
    uint64_t section_count;
    uint64_t offset[kMaxSections];
    uint64_t size[kMaxSections];
    uint64_t checksum[kMaxSections];
    uint64_t header_checksum;  // of every byte above
};
static_assert(sizeof(Header) <= kHeaderSize, "header too large");

uint64_t header_hash(const Header &h) { return hash64(&h, offsetof(Header, header_checksum), kSeed); }

}  // namespace

std::unique_ptr<Blob> Blob::allocate(size_t size) {
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw Error(CUBE_ERROR_NO_MEMORY, "cannot allocate " + std::to_string(size) + " bytes for tables");
    // Huge pages where the system allows: far fewer page faults while building, and freeing the
    // block (also when a build is cancelled) takes a millisecond instead of tens. A hint only.
    madvise(p, size, MADV_HUGEPAGE);
    return std::unique_ptr<Blob>(new Blob(static_cast<uint8_t *>(p), size, false));
}

Blob::~Blob() {
    if (data_) munmap(data_, size_);
}

std::vector<uint64_t> layout(const std::vector<uint64_t> &sizes) {
    std::vector<uint64_t> off;
    uint64_t at = kHeaderSize;
    for (uint64_t s : sizes) {
        off.push_back(at);
        at = (at + s + 63) & ~uint64_t{63};
    }
    off.push_back(at);
    return off;
}

bool seal(Blob &blob, uint64_t kind, const std::vector<uint64_t> &sizes, const StepProgress &progress) {
    std::vector<uint64_t> off = layout(sizes);
    Header h;
    std::memset(&h, 0, sizeof h);
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.kind = kind;
    h.file_size = off.back();
    h.section_count = sizes.size();
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (progress && progress(static_cast<double>(off[i]) / static_cast<double>(off.back()))) return false;
        h.offset[i] = off[i];
        h.size[i] = sizes[i];
        h.checksum[i] = hash64(blob.data() + off[i], sizes[i], kSeed + i);
    }
    h.header_checksum = header_hash(h);
    std::memcpy(blob.data(), &h, sizeof h);
    return true;
}

cube_status map_file(const std::string &path, uint64_t kind, const std::vector<uint64_t> &sizes,
                     std::unique_ptr<Blob> &out, std::string *why, const StepProgress &progress) {
    auto corrupt = [&](const std::string &what) {
        if (why) *why = "table file " + path + " " + what;
        return CUBE_ERROR_CORRUPT;
    };
    int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        if (why) *why = "table file " + path + (e == ENOENT ? " does not exist" : ": " + std::string(std::strerror(e)));
        return e == ENOENT ? CUBE_ERROR_NOT_FOUND : CUBE_ERROR_IO;
    }
    struct stat st;
    std::vector<uint64_t> off = layout(sizes);
    if (fstat(fd, &st) != 0) {
        close(fd);
        if (why) *why = "table file " + path + ": " + std::strerror(errno);
        return CUBE_ERROR_IO;
    }
    if (static_cast<uint64_t>(st.st_size) < kHeaderSize) {
        close(fd);
        return corrupt("is truncated (" + std::to_string(st.st_size) + " bytes)");
    }
    void *p = mmap(nullptr, st.st_size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0);
    close(fd);
    if (p == MAP_FAILED) {
        if (why) *why = "cannot map table file " + path + ": " + std::strerror(errno);
        return CUBE_ERROR_IO;
    }
    std::unique_ptr<Blob> blob(new Blob(static_cast<uint8_t *>(p), st.st_size, true));
    Header h;
    std::memcpy(&h, blob->data(), sizeof h);
    if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) return corrupt("is not a libcube table file");
    if (h.header_checksum != header_hash(h)) return corrupt("has a damaged header (checksum mismatch)");
    if (h.kind != kind) return corrupt("has a different format version; it is outdated");
    if (h.file_size != off.back() || h.section_count != sizes.size()) return corrupt("has an unexpected layout");
    if (static_cast<uint64_t>(st.st_size) != h.file_size)
        return corrupt("is truncated or has trailing data (" + std::to_string(st.st_size) + " bytes, expected " +
                       std::to_string(h.file_size) + ")");
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (progress && progress(static_cast<double>(off[i]) / static_cast<double>(off.back()))) {
            if (why) *why = "checking table file " + path + " was cancelled";
            return CUBE_ERROR_CANCELLED;
        }
        if (h.offset[i] != off[i] || h.size[i] != sizes[i]) return corrupt("has an unexpected layout");
        if (hash64(blob->data() + off[i], sizes[i], kSeed + i) != h.checksum[i])
            return corrupt("is corrupt (checksum mismatch in section " + std::to_string(i) + ")");
    }
    out = std::move(blob);
    return CUBE_OK;
}

namespace {

// A name for the temporary file no other writer (process or thread) uses at the same time.
std::string temp_name(const std::string &path) {
    static std::atomic<unsigned> counter{0};
    return path + ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter.fetch_add(1));
}

// Writes every byte of `blob` to fd in pieces, asking `progress` between them.
cube_status write_all(int fd, const Blob &blob, const std::string &name, const StepProgress &progress) {
    constexpr size_t kPiece = size_t{8} << 20;
    size_t done = 0;
    while (done < blob.size()) {
        if (progress && progress(static_cast<double>(done) / static_cast<double>(blob.size())))
            return fail(CUBE_ERROR_CANCELLED, "writing %s was cancelled", name.c_str());
        size_t piece = std::min(kPiece, blob.size() - done);
        ssize_t n = write(fd, blob.data() + done, piece);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return fail(CUBE_ERROR_IO, "cannot write %s: %s", name.c_str(), n < 0 ? std::strerror(errno) : "disk full");
        done += static_cast<size_t>(n);
    }
    return CUBE_OK;
}

}  // namespace

cube_status write_atomic(const std::string &path, const Blob &blob, const StepProgress &progress) {
    std::string tmp = temp_name(path);
    int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return fail(CUBE_ERROR_IO, "cannot create %s: %s", tmp.c_str(), std::strerror(errno));
    cube_status st = write_all(fd, blob, tmp, progress);
    if (st == CUBE_OK && fdatasync(fd) != 0) st = fail(CUBE_ERROR_IO, "cannot write %s: %s", tmp.c_str(), std::strerror(errno));
    if (close(fd) != 0 && st == CUBE_OK) st = fail(CUBE_ERROR_IO, "cannot write %s: %s", tmp.c_str(), std::strerror(errno));
    if (st == CUBE_OK && rename(tmp.c_str(), path.c_str()) != 0)
        st = fail(CUBE_ERROR_IO, "cannot rename %s to %s: %s", tmp.c_str(), path.c_str(), std::strerror(errno));
    if (st != CUBE_OK) unlink(tmp.c_str());
    return st;
}

cube_status make_dirs(const std::string &dir) {
    if (dir.empty()) return fail(CUBE_ERROR_INVALID_ARGUMENT, "empty table folder name");
    for (size_t i = 1; i <= dir.size(); ++i) {
        if (i < dir.size() && dir[i] != '/') continue;
        std::string part = dir.substr(0, i);
        if (mkdir(part.c_str(), 0755) != 0 && errno != EEXIST)
            return fail(CUBE_ERROR_IO, "cannot create folder %s: %s", part.c_str(), std::strerror(errno));
    }
    return CUBE_OK;
}

std::string default_dir() {
    const char *d = std::getenv("CUBE_TABLE_DIR");
    if (d && *d) return d;
    const char *x = std::getenv("XDG_CACHE_HOME");
    if (x && *x) return std::string(x) + "/libcube";
    const char *h = std::getenv("HOME");
    return std::string(h && *h ? h : ".") + "/.cache/libcube";
}

namespace {

// Whether fd is still the file at `path` (a releasing holder removes it; a new one may take its place).
bool still_at(int fd, const std::string &path) {
    struct stat held, named;
    return fstat(fd, &held) == 0 && stat(path.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
           held.st_ino == named.st_ino;
}

}  // namespace

DirLock::DirLock(const std::string &lock_path, const std::function<bool()> &stopped,
                 const std::function<void()> &waiting)
    : path_(lock_path) {
    bool told = false;
    for (;;) {
        if (stopped && stopped()) return;
        int fd = open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) return;
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
            if (still_at(fd, path_)) {
                fd_ = fd;
                return;
            }
            close(fd);  // locked a file its holder had just removed: try the current one
            continue;
        }
        int e = errno;
        close(fd);
        if (e != EWOULDBLOCK && e != EINTR) return;
        if (!told && waiting) waiting();
        told = true;
        usleep(5000);
    }
}

DirLock::~DirLock() {
    if (fd_ < 0) return;
    unlink(path_.c_str());  // while still holding the lock: waiters then see it is gone
    close(fd_);             // closing releases the lock
}

}  // namespace lc::tablefile
