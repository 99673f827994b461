#include "table_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

void seal(Blob &blob, uint64_t kind, const std::vector<uint64_t> &sizes) {
    std::vector<uint64_t> off = layout(sizes);
    Header h;
    std::memset(&h, 0, sizeof h);
    std::memcpy(h.magic, kMagic, sizeof kMagic);
    h.kind = kind;
    h.file_size = off.back();
    h.section_count = sizes.size();
    for (size_t i = 0; i < sizes.size(); ++i) {
        h.offset[i] = off[i];
        h.size[i] = sizes[i];
        h.checksum[i] = hash64(blob.data() + off[i], sizes[i], kSeed + i);
    }
    h.header_checksum = header_hash(h);
    std::memcpy(blob.data(), &h, sizeof h);
}

cube_status map_file(const std::string &path, uint64_t kind, const std::vector<uint64_t> &sizes,
                     std::unique_ptr<Blob> &out, std::string *why) {
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
        if (h.offset[i] != off[i] || h.size[i] != sizes[i]) return corrupt("has an unexpected layout");
        if (hash64(blob->data() + off[i], sizes[i], kSeed + i) != h.checksum[i])
            return corrupt("is corrupt (checksum mismatch in section " + std::to_string(i) + ")");
    }
    out = std::move(blob);
    return CUBE_OK;
}

cube_status write_atomic(const std::string &path, const Blob &blob) {
    std::string tmp = path + ".tmp." + std::to_string(getpid());
    int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return fail(CUBE_ERROR_IO, "cannot create %s: %s", tmp.c_str(), std::strerror(errno));
    size_t done = 0;
    while (done < blob.size()) {
        ssize_t n = write(fd, blob.data() + done, blob.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int e = errno;
            close(fd);
            unlink(tmp.c_str());
            return fail(CUBE_ERROR_IO, "cannot write %s: %s", tmp.c_str(), std::strerror(e));
        }
        done += static_cast<size_t>(n);
    }
    if (fdatasync(fd) != 0 || close(fd) != 0) {
        int e = errno;
        unlink(tmp.c_str());
        return fail(CUBE_ERROR_IO, "cannot write %s: %s", tmp.c_str(), std::strerror(e));
    }
    if (rename(tmp.c_str(), path.c_str()) != 0) {
        int e = errno;
        unlink(tmp.c_str());
        return fail(CUBE_ERROR_IO, "cannot rename %s to %s: %s", tmp.c_str(), path.c_str(), std::strerror(e));
    }
    return CUBE_OK;
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

DirLock::DirLock(const std::string &lock_path) {
    fd_ = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) return;
    while (flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
    }
}

DirLock::~DirLock() {
    if (fd_ >= 0) close(fd_);  // closing releases the lock
}

}  // namespace lc::tablefile
