// The temporary files a table file is written to before it is renamed into place, and the removal of
// those a killed writer left behind.
#pragma once
#include <string>

namespace lc::tablefile {

// "<path>.tmp.<pid>.<n>": a name no other writer (process or thread) uses at the same time.
std::string temp_name(const std::string &path);

// Whether `name` (a file name in the folder of `path`) is a temporary file of `path`; *pid receives
// the process that writes it.
bool is_temp_of(const std::string &path, const std::string &name, long *pid);

// Removes the temporary files of `path` whose writer is no longer running (a writer killed while it
// wrote); keeps those of running processes and every other file. Call it under the table file's
// build lock. Returns how many it removed.
int remove_stale_temporaries(const std::string &path);

// Whether a temporary file of `path` belongs to a process that is no longer running.
bool has_stale_temporaries(const std::string &path);

}  // namespace lc::tablefile
