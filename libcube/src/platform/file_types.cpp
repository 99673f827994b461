// The platform layer's parts that are the same on every system.
#include "platform/platform.hpp"

namespace lc::platform {

const char *file_type_name(FileType type) {
    switch (type) {
        case FileType::kRegular: return "a regular file";
        case FileType::kFolder: return "a folder";
        case FileType::kNamedPipe: return "a named pipe";
        case FileType::kCharDevice: return "a character device";
        case FileType::kBlockDevice: return "a block device";
        case FileType::kSocket: return "a socket";
        case FileType::kOther: break;
    }
    return "a special file";
}

}  // namespace lc::platform
