#include "table_file.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <thread>

#include "error.hpp"
#include "hash64.hpp"
#include "platform/platform.hpp"
#include "tablefile/table_places.hpp"
#include "tablefile/temp_files.hpp"

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
    // In the tail that files written before libcube 1.3 leave zero: how the writer stored numbers.
    uint32_t byte_order;     // kByteOrderMark in the writer's byte order
    uint16_t pointer_bytes;  // the writer's sizeof(void *) and sizeof(size_t), for diagnosis: the
    uint16_t size_t_bytes;   // sections hold fixed-width numbers only, so a 32-bit machine reads them alike
    uint64_t origin_checksum;  // of every byte above
};
static_assert(sizeof(Header) <= kHeaderSize, "header too large");
// The same layout on 32-bit machines (where uint64_t may be 4-byte aligned): every field at a fixed offset.
static_assert(offsetof(Header, offset) == 32 && offsetof(Header, header_checksum) == 32 + 3 * 8 * kMaxSections,
              "header layout differs on this machine");
static_assert(offsetof(Header, byte_order) == kByteOrderMarkOffset, "byte-order mark moved");
static_assert(offsetof(Header, origin_checksum) == offsetof(Header, header_checksum) + 16 && sizeof(Header) == 824,
              "header layout differs on this machine");

uint64_t header_hash(const Header &h) { return hash64(&h, offsetof(Header, header_checksum), kSeed); }
uint64_t origin_hash(const Header &h) { return hash64(&h, offsetof(Header, origin_checksum), kSeed + 1); }

uint32_t swap32(uint32_t v) { return __builtin_bswap32(v); }

// A file opened for reading, closed when the object goes.
struct OpenFile {
    platform::File file;
    uint64_t size = 0;
};

// Opens `path` if it is a regular file; a named pipe in its place does not block the open.
cube_status open_regular(const std::string &path, OpenFile &file, std::string *why) {
    platform::OsError e;
    if (!file.file.open(path, platform::File::Mode::kRead, e)) {
        // A file stands where a folder of the path belongs: that is named, not taken for a missing file.
        if (e.kind == platform::Fail::kNotFolder) {
            std::string folder_problem = why_not_writable(path.substr(0, path.find_last_of('/')));
            if (folder_problem.empty()) folder_problem = "table file " + path + ": " + e.text;
            if (why) *why = folder_problem;
            return CUBE_ERROR_IO;
        }
        bool missing = e.kind == platform::Fail::kMissing;
        if (why) *why = "table file " + path + (missing ? " does not exist" : ": " + e.text);
        return missing ? CUBE_ERROR_NOT_FOUND : CUBE_ERROR_IO;
    }
    platform::FileInfo info;
    if (!file.file.info(info, e)) {
        if (why) *why = "table file " + path + ": " + e.text;
        return CUBE_ERROR_IO;
    }
    if (info.type != platform::FileType::kRegular) {
        if (why) *why = "table file " + path + " is " + platform::file_type_name(info.type) + ", not a regular file";
        return CUBE_ERROR_IO;
    }
    file.size = info.size;
    return CUBE_OK;
}

// Reads the header at the start of the file; a problem, or "" if it could be read.
std::string read_header(const OpenFile &file, Header &h) {
    if (file.size < kHeaderSize) return "is truncated (" + std::to_string(file.size) + " bytes)";
    size_t done = 0;
    auto *bytes = reinterpret_cast<char *>(&h);
    while (done < sizeof h) {
        platform::OsError e;
        long long n = file.file.read_at(bytes + done, sizeof h - done, done, e);
        if (n < 0) return "cannot be read: " + e.text;
        if (n == 0) return "is truncated (" + std::to_string(done) + " bytes)";
        done += static_cast<size_t>(n);
    }
    return "";
}

// The byte order of a file written before the mark existed (zero): the section count, at most
// kMaxSections, is far larger when read in the wrong order.
Origin legacy_origin(const Header &h) {
    if (h.section_count <= kMaxSections) return Origin::kNative;
    if (__builtin_bswap64(h.section_count) <= kMaxSections) return Origin::kOtherOrder;
    return Origin::kUnknown;
}

// What is wrong with a header read from a file of `file_size` bytes (everything but the section
// checksums), or "". The byte order is checked right after the magic: a file of the other order is
// sound for the machine that made it, and says so (*other_order) instead of failing a checksum.
std::string check_header(const Header &h, uint64_t kind, const std::vector<uint64_t> &sizes, uint64_t file_size,
                         bool *other_order) {
    std::vector<uint64_t> off = layout(sizes);
    if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0)
        return "is not a libcube table file (" + std::to_string(file_size) + " bytes)";
    Origin origin = origin_of(h.byte_order, h.byte_order == 0 ? legacy_origin(h) : Origin::kUnknown);
    if (origin == Origin::kOtherOrder) {
        *other_order = true;
        return other_order_text();
    }
    if (origin == Origin::kUnknown && h.byte_order == 0)
        return "has a damaged header (" + std::to_string(h.section_count) + " sections in either byte order)";
    if (origin == Origin::kUnknown) {
        char mark[16];
        std::snprintf(mark, sizeof mark, "0x%08x", static_cast<unsigned>(h.byte_order));
        return std::string("has a damaged header (unknown byte-order mark ") + mark + ")";
    }
    if (h.header_checksum != header_hash(h)) return "has a damaged header (checksum mismatch)";
    if (h.byte_order != 0 && h.origin_checksum != origin_hash(h)) return "has a damaged header (checksum mismatch)";
    if (h.kind != kind) return "has a different format version; it is outdated";
    if (h.file_size != off.back() || h.section_count != sizes.size()) return "has an unexpected layout";
    for (size_t i = 0; i < sizes.size(); ++i)
        if (h.offset[i] != off[i] || h.size[i] != sizes[i]) return "has an unexpected layout";
    std::string sizes_text = "(" + std::to_string(file_size) + " bytes, expected " + std::to_string(off.back()) + ")";
    if (file_size < off.back()) return "is truncated " + sizes_text;
    if (file_size > off.back()) return "has trailing data " + sizes_text;
    if (off.back() > SIZE_MAX) return "is too large to be mapped on this machine " + sizes_text;
    return "";
}

}  // namespace

bool big_endian_machine() { return __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__; }

const char *byte_order_name(bool big_endian) { return big_endian ? "big-endian" : "little-endian"; }

std::string other_order_text() {
    return std::string("was made on a ") + byte_order_name(!big_endian_machine()) + " machine (this one is " +
           byte_order_name(big_endian_machine()) + "); it is left for such machines";
}

Origin origin_of(uint32_t mark, Origin if_unmarked) {
    if (mark == kByteOrderMark) return Origin::kNative;
    if (mark == swap32(kByteOrderMark)) return Origin::kOtherOrder;
    if (mark == 0) return if_unmarked;
    return Origin::kUnknown;
}

std::unique_ptr<Blob> Blob::allocate(size_t size) {
    void *p = platform::allocate_pages(size);
    if (!p) throw Error(CUBE_ERROR_NO_MEMORY, "cannot allocate " + std::to_string(size) + " bytes for tables");
    // Huge pages where the system allows: far fewer page faults while building, and freeing the
    // block (also when a build is cancelled) takes a millisecond instead of tens. A hint only.
    platform::advise_huge_pages(p, size);
    return std::unique_ptr<Blob>(new Blob(static_cast<uint8_t *>(p), size, false));
}

Blob::~Blob() {
    if (!data_) return;
    if (from_file_)
        platform::unmap(data_, size_);
    else
        platform::free_pages(data_, size_);
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
    h.byte_order = kByteOrderMark;
    h.pointer_bytes = sizeof(void *);
    h.size_t_bytes = sizeof(size_t);
    h.origin_checksum = origin_hash(h);
    std::memcpy(blob.data(), &h, sizeof h);
    return true;
}

namespace {

// Opens `path` and checks everything but the checksums, reading only its header and size.
cube_status open_and_check_header(const std::string &path, uint64_t kind, const std::vector<uint64_t> &sizes,
                                  OpenFile &file, Header &h, std::string *why) {
    cube_status st = open_regular(path, file, why);
    if (st != CUBE_OK) return st;
    std::string problem = read_header(file, h);
    bool other_order = false;
    if (problem.empty()) problem = check_header(h, kind, sizes, file.size, &other_order);
    if (problem.empty()) return CUBE_OK;
    if (why) *why = "table file " + path + " " + problem;
    return other_order ? CUBE_ERROR_UNSUPPORTED : CUBE_ERROR_CORRUPT;
}

}  // namespace

cube_status probe_file(const std::string &path, uint64_t kind, const std::vector<uint64_t> &sizes, std::string *why) {
    OpenFile file;
    Header h;
    return open_and_check_header(path, kind, sizes, file, h, why);
}

cube_status map_file(const std::string &path, uint64_t kind, const std::vector<uint64_t> &sizes,
                     std::unique_ptr<Blob> &out, std::string *why, const StepProgress &progress) {
    auto corrupt = [&](const std::string &what) {
        if (why) *why = "table file " + path + " " + what;
        return CUBE_ERROR_CORRUPT;
    };
    std::vector<uint64_t> off = layout(sizes);
    // Everything but the checksums is checked before the body is mapped or read: a file of another
    // size (a sparse 64 GB one, say) is refused at once.
    OpenFile file;
    Header h;
    cube_status st = open_and_check_header(path, kind, sizes, file, h, why);
    if (st != CUBE_OK) return st;
    platform::OsError e;
    void *p = file.file.map_read_only(file.size, e);
    if (!p) {
        if (why) *why = "cannot map table file " + path + ": " + e.text;
        return CUBE_ERROR_IO;
    }
    std::unique_ptr<Blob> blob(new Blob(static_cast<uint8_t *>(p), file.size, true));
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (progress && progress(static_cast<double>(off[i]) / static_cast<double>(off.back()))) {
            if (why) *why = "checking table file " + path + " was cancelled";
            return CUBE_ERROR_CANCELLED;
        }
        if (hash64(blob->data() + off[i], sizes[i], kSeed + i) != h.checksum[i])
            return corrupt("is corrupt (checksum mismatch in section " + std::to_string(i) + ")");
    }
    out = std::move(blob);
    return CUBE_OK;
}

namespace {

// Writes every byte of `blob` to `file` in pieces, asking `progress` between them.
void write_all(platform::File &file, const Blob &blob, const std::string &name, const StepProgress &progress) {
    constexpr size_t kPiece = size_t{8} << 20;
    size_t done = 0;
    while (done < blob.size()) {
        if (progress && progress(static_cast<double>(done) / static_cast<double>(blob.size())))
            throw Error(CUBE_ERROR_CANCELLED, error_text("writing %s was cancelled", name.c_str()));
        size_t piece = std::min(kPiece, blob.size() - done);
        platform::OsError e;
        long long n = file.write(blob.data() + done, piece, e);
        if (n <= 0)
            throw Error(CUBE_ERROR_IO,
                        error_text("cannot write %s: %s", name.c_str(), n < 0 ? e.text.c_str() : "disk full"));
        done += static_cast<size_t>(n);
    }
}

}  // namespace

void write_atomic(const std::string &path, const Blob &blob, const StepProgress &progress) {
    std::string tmp = temp_name(path);
    platform::File file;
    platform::OsError e;
    if (!file.open(tmp, platform::File::Mode::kCreateNew, e))
        throw Error(CUBE_ERROR_IO, error_text("cannot create %s: %s", tmp.c_str(), e.text.c_str()));
    // The first failure is kept; the file is closed (and removed) after any.
    std::exception_ptr failure;
    try {
        write_all(file, blob, tmp, progress);
        if (!file.sync_data(e))
            throw Error(CUBE_ERROR_IO, error_text("cannot write %s: %s", tmp.c_str(), e.text.c_str()));
    } catch (...) {
        failure = std::current_exception();
    }
    try {
        if (!file.close(e) && !failure)
            throw Error(CUBE_ERROR_IO, error_text("cannot write %s: %s", tmp.c_str(), e.text.c_str()));
        if (!failure && !platform::rename_over(tmp, path, e))
            throw Error(CUBE_ERROR_IO,
                        error_text("cannot rename %s to %s: %s", tmp.c_str(), path.c_str(), e.text.c_str()));
    } catch (...) {
        failure = std::current_exception();
    }
    if (!failure) return;
    platform::remove_file(tmp);
    std::rethrow_exception(failure);
}

void make_dirs(const std::string &dir) {
    if (dir.empty()) throw Error(CUBE_ERROR_INVALID_ARGUMENT, "empty table folder name");
    for (size_t i = 1; i <= dir.size(); ++i) {
        if (i < dir.size() && dir[i] != '/') continue;
        std::string part = dir.substr(0, i);
        platform::OsError e;
        if (!platform::make_folder(part, e) && e.kind != platform::Fail::kExists)
            throw Error(CUBE_ERROR_IO, error_text("cannot create folder %s: %s", part.c_str(), e.text.c_str()));
    }
    platform::FileInfo info;
    platform::OsError e;
    if (!platform::path_info(dir, info, &e))
        throw Error(CUBE_ERROR_IO, error_text("cannot create folder %s: %s", dir.c_str(), e.text.c_str()));
    if (info.type != platform::FileType::kFolder)
        throw Error(CUBE_ERROR_IO, error_text("table folder %s is %s, not a folder", dir.c_str(),
                                              platform::file_type_name(info.type)));
}

namespace {

// "20 ms", "600 s".
std::string duration_text(std::chrono::milliseconds d) {
    if (d.count() < 1000) return std::to_string(d.count()) + " ms";
    return std::to_string(d.count() / 1000) + " s";
}

// The process id a holder wrote into the lock file, or 0 if it has not (yet).
long read_holder(const std::string &path) {
    platform::File file;
    platform::OsError e;
    if (!file.open(path, platform::File::Mode::kRead, e)) return 0;
    char text[24] = {};
    long long n = file.read_at(text, sizeof text - 1, 0, e);
    if (n <= 0 || text[n - 1] != '\n') return 0;
    return std::strtol(text, nullptr, 10);
}

// How long a waiter looks for the holder's id before it says that it waits without naming the holder.
constexpr auto kHolderGrace = std::chrono::milliseconds(100);

}  // namespace

DirLock::DirLock(const std::string &lock_path, const std::function<bool()> &stopped, const LockWaiting &waiting,
                 std::chrono::milliseconds limit)
    : path_(lock_path) {
    auto start = std::chrono::steady_clock::now();
    auto give_up_at = start + limit;
    bool told = false;
    for (;;) {
        if (stopped && stopped()) {
            problem_ = "stopped while waiting for the lock " + path_;
            return;
        }
        platform::File file;
        platform::OsError e;
        if (!file.open(path_, platform::File::Mode::kLock, e)) {
            problem_ = "cannot create the lock file " + path_ + ": " + e.text;
            return;
        }
        if (file.try_lock(e)) {
            if (file.is_at(path_)) {
                file.replace_content(std::to_string(platform::process_id()) + "\n");
                file_ = std::move(file);
                return;
            }
            continue;  // locked a file its holder had just removed: try the current one
        }
        if (e.kind != platform::Fail::kBusy && e.kind != platform::Fail::kInterrupted) {
            problem_ = "cannot lock " + path_ + ": " + e.text;
            return;
        }
        if (std::chrono::steady_clock::now() >= give_up_at) {
            problem_ = "another process has held the lock " + path_ + " for longer than " + duration_text(limit);
            return;
        }
        if (!told && waiting) {
            long holder = read_holder(path_);
            told = holder != 0 || std::chrono::steady_clock::now() - start >= kHolderGrace;
            if (told) waiting(holder);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

DirLock::~DirLock() {
    if (!file_.is_open()) return;
    platform::remove_file(path_);  // while still holding the lock: waiters then see it is gone
    platform::OsError e;
    file_.close(e);  // closing releases the lock
}

}  // namespace lc::tablefile
