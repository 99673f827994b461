#include "tablefile/temp_files.hpp"

#include <atomic>
#include <vector>

#include "platform/platform.hpp"

namespace lc::tablefile {
namespace {

constexpr const char *kTempInfix = ".tmp.";
constexpr size_t kMaxDigits = 18;  // a pid or counter longer than this is not one we wrote

std::string folder_of(const std::string &path) {
    size_t slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string &path) {
    size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Reads 1..kMaxDigits decimal digits at text[at]; `at` moves past them.
bool read_number(const std::string &text, size_t &at, long *value) {
    size_t start = at;
    long number = 0;
    while (at < text.size() && at - start < kMaxDigits && text[at] >= '0' && text[at] <= '9')
        number = number * 10 + (text[at++] - '0');
    if (at == start || (at < text.size() && text[at] >= '0' && text[at] <= '9')) return false;
    if (value) *value = number;
    return true;
}

// The names of the temporary files of `path` whose writer is gone.
std::vector<std::string> stale_names(const std::string &path) {
    std::vector<std::string> stale;
    std::vector<std::string> names;
    if (!platform::list_folder(folder_of(path), names)) return stale;
    for (const std::string &name : names) {
        long pid = 0;
        if (is_temp_of(path, name, &pid) && !platform::process_may_run(pid)) stale.push_back(name);
    }
    return stale;
}

}  // namespace

std::string temp_name(const std::string &path) {
    static std::atomic<unsigned> counter{0};
    return path + kTempInfix + std::to_string(platform::process_id()) + "." + std::to_string(counter.fetch_add(1));
}

bool is_temp_of(const std::string &path, const std::string &name, long *pid) {
    std::string prefix = base_of(path) + kTempInfix;
    if (name.compare(0, prefix.size(), prefix) != 0) return false;
    size_t at = prefix.size();
    if (!read_number(name, at, pid)) return false;
    if (at >= name.size() || name[at] != '.') return false;
    ++at;
    return read_number(name, at, nullptr) && at == name.size();
}

int remove_stale_temporaries(const std::string &path) {
    int removed = 0;
    std::string folder = folder_of(path);
    for (const std::string &name : stale_names(path))
        if (platform::remove_file(folder + "/" + name)) ++removed;
    return removed;
}

bool has_stale_temporaries(const std::string &path) { return !stale_names(path).empty(); }

}  // namespace lc::tablefile
