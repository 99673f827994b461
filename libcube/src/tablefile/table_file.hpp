// Versioned, checksummed table files: a header, then 64-byte aligned sections; mapped read-only.
#pragma once
#include <cube/common.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "platform/platform.hpp"

namespace lc::tablefile {

constexpr int kMaxSections = 32;
constexpr size_t kHeaderSize = 4096;

// A block of table bytes, owned either as an anonymous allocation (while building) or a file mapping.
class Blob {
public:
    static std::unique_ptr<Blob> allocate(size_t size);  // zero-filled; throws lc::Error if it cannot
    ~Blob();
    Blob(const Blob &) = delete;
    Blob &operator=(const Blob &) = delete;
    uint8_t *data() const { return data_; }
    size_t size() const { return size_; }
    bool mapped_from_file() const { return from_file_; }

private:
    friend cube_status map_file(const std::string &, uint64_t, const std::vector<uint64_t> &,
                                std::unique_ptr<Blob> &, std::string *, const std::function<bool(double)> &);
    Blob(uint8_t *d, size_t s, bool f) : data_(d), size_(s), from_file_(f) {}
    uint8_t *data_;
    size_t size_;
    bool from_file_;
};

// The header's byte-order mark as the writer stored it: read back as this value on a machine of the
// same byte order, byte-swapped on one of the other.
constexpr uint32_t kByteOrderMark = 0x01020304;
// Where the mark is in the header (in the tail that files written before libcube 1.3 leave zero).
constexpr size_t kByteOrderMarkOffset = 808;

bool big_endian_machine();
const char *byte_order_name(bool big_endian);  // "big-endian", "little-endian"

// Who can read a file, by the byte-order mark of its header.
enum class Origin { kNative, kOtherOrder, kUnknown };
// `if_unmarked`: the answer for a zero mark (files written before the mark existed).
Origin origin_of(uint32_t mark, Origin if_unmarked);

// "was made on a big-endian machine (this one is little-endian); it is left for such machines".
std::string other_order_text();

// Offsets of sections of the given sizes after the header, each 64-byte aligned; last = total size.
std::vector<uint64_t> layout(const std::vector<uint64_t> &sizes);

// Called while a long step runs with the fraction done (0..1); returns true to stop it.
using StepProgress = std::function<bool(double fraction)>;

// Fills the header of a built blob: `kind` names the content and its version (e.g. "3x3 two-phase v1"),
// the checksum of every section and of the header itself, this machine's byte order and word size.
// False (the header left unfilled) if `progress`, asked between sections, says stop.
bool seal(Blob &blob, uint64_t kind, const std::vector<uint64_t> &sizes, const StepProgress &progress = {});

// Maps `path` and checks it: magic, byte order, kind, size, section layout, header and section
// checksums. The header and the file's size are checked before anything else is read or mapped, so a
// file of any other size costs nothing. CUBE_ERROR_NOT_FOUND if missing; CUBE_ERROR_UNSUPPORTED (with
// *why: other_order_text()) if its header says a machine of the other byte order wrote it (checked right
// after the magic, before any checksum: such a file is sound, not damaged); CUBE_ERROR_CORRUPT (with
// *why) if it fails a check, also an unknown byte-order mark; CUBE_ERROR_IO (also for anything but a
// regular file: a named pipe is refused, never waited on); CUBE_ERROR_CANCELLED if `progress`, asked
// between sections, says stop.
cube_status map_file(const std::string &path, uint64_t kind, const std::vector<uint64_t> &sizes,
                     std::unique_ptr<Blob> &out, std::string *why, const StepProgress &progress = {});

// The checks of map_file() that read only the header and the file's size (no checksum): CUBE_OK if the
// file looks whole, else as map_file() (with *why).
cube_status probe_file(const std::string &path, uint64_t kind, const std::vector<uint64_t> &sizes, std::string *why);

// Writes to a new temporary file in the same folder (temp_files.hpp), syncs it, and renames it over
// `path`: a file at `path` is never truncated or rewritten, so processes that map it keep working.
// On every failure (lc::Error CUBE_ERROR_IO, also a write that fails part-way, as on a full disk), and
// when `progress` says stop (CUBE_ERROR_CANCELLED), the temporary file is removed.
void write_atomic(const std::string &path, const Blob &blob, const StepProgress &progress = {});

// Creates `dir` and its parents as needed; throws lc::Error(CUBE_ERROR_IO) if it cannot, or if `dir` is
// not a folder.
void make_dirs(const std::string &dir);

// How long a DirLock waits for another holder by default: far longer than a table build (15-40 s on
// two cores), so only a holder that hangs makes it give up.
constexpr std::chrono::milliseconds kLockWaitLimit{10 * 60 * 1000};

// Called once when another holder makes a DirLock wait, with that holder's process id (0: unknown).
using LockWaiting = std::function<void(long holder_pid)>;

// An exclusive lock on a lock file (flock; LockFileEx on Windows), held while the object lives; the holder writes its
// process id into the file, and removes the file when it releases the lock, so no stale file stays
// behind (waiters notice and lock the new one). A holder that is killed loses the lock with its
// process; the next holder removes the file.
class DirLock {
public:
    // Waits for the lock, asking `stopped` every few milliseconds, at most `limit` (0: one try);
    // `waiting` is called once if another holder makes it wait. ok() is false, and problem() says why,
    // if the file cannot be opened, `stopped` said stop, or the limit passed.
    explicit DirLock(const std::string &lock_path, const std::function<bool()> &stopped = {},
                     const LockWaiting &waiting = {}, std::chrono::milliseconds limit = kLockWaitLimit);
    ~DirLock();
    DirLock(const DirLock &) = delete;
    DirLock &operator=(const DirLock &) = delete;
    bool ok() const { return file_.is_open(); }
    const std::string &problem() const { return problem_; }

private:
    std::string path_;
    std::string problem_;
    platform::File file_;
};

}  // namespace lc::tablefile
