#include "table_loader.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "error.hpp"
#include "twophase/table_search.hpp"

namespace lc {
namespace {

// How often a waiting thread looks at its stop flag.
constexpr auto kWaitSlice = std::chrono::milliseconds(5);

// The loaders loading on this thread: their progress callbacks run here, and must not wait for them.
// Allocated while there are some (only trivially destructible thread_locals: error.cpp says why).
thread_local std::vector<const TableLoader *> *t_loading;

bool loading_here(const TableLoader *loader) {
    return t_loading && std::find(t_loading->begin(), t_loading->end(), loader) != t_loading->end();
}

// Marks a loader as loading on this thread while the object lives.
class LoadingHere {
public:
    explicit LoadingHere(const TableLoader *loader) {
        if (!t_loading) t_loading = new std::vector<const TableLoader *>;
        t_loading->push_back(loader);
    }
    ~LoadingHere() {
        t_loading->pop_back();
        if (!t_loading->empty()) return;
        delete t_loading;
        t_loading = nullptr;
    }
    LoadingHere(const LoadingHere &) = delete;
    LoadingHere &operator=(const LoadingHere &) = delete;
};

}  // namespace

const twophase::Tables *TableLoader::get(const tablefile::TablePlaces &places, cube_progress_fn fn, void *user,
                                        StopFlag &stop) {
    if (const twophase::Tables *t = ready()) return t;
    if (loading_here(this))
        throw Error(CUBE_ERROR_UNSUPPORTED,
                    "the 3x3 tables of this solver are being loaded by this thread: its progress callback cannot solve "
                    "a 3x3 with the same solver");
    std::unique_lock<std::mutex> lock(mutex_);
    while (loading_) {
        if (stop.stopped())
            throw Error(CUBE_ERROR_CANCELLED, "cancelled while another thread was loading the 3x3 tables");
        changed_.wait_for(lock, kWaitSlice);
    }
    if (tables_) return tables_.get();
    loading_ = true;
    lock.unlock();
    return load(places, fn, user, stop);
}

// The load itself, by the one thread that set loading_.
const twophase::Tables *TableLoader::load(const tablefile::TablePlaces &places, cube_progress_fn fn, void *user,
                                         StopFlag &stop) {
    std::shared_ptr<const twophase::Tables> t;
    // Whatever happens (an exception included), the loader ends up loaded or empty, and waiters wake.
    struct Finish {
        TableLoader &loader;
        std::shared_ptr<const twophase::Tables> &t;
        ~Finish() {
            std::lock_guard<std::mutex> lock(loader.mutex_);
            loader.loading_ = false;
            if (t) {
                loader.tables_ = t;
                loader.ready_.store(t.get(), std::memory_order_release);
            }
            loader.changed_.notify_all();
        }
    } finish{*this, t};
    LoadingHere mark(this);
    twophase::Progress progress;
    progress.fn = fn;
    progress.user = user;
    progress.stop = &stop;
    t = twophase::load_or_build(places, progress);
    return t.get();
}

}  // namespace lc
