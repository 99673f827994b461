// The files `cube serve` answers GET requests with, built into the program (assets.cpp is generated at
// build time by embed_assets.py from page/ and README.md's API section).
#ifndef CUBE_SERVE_ASSETS_H
#define CUBE_SERVE_ASSETS_H

#include <cstddef>

namespace serve {

struct asset {
    const char *data;
    size_t size;
};

asset page_html();     // GET /
asset page_script();   // GET /app.js
asset api_reference(); // GET /v1/: the "API reference" part of README.md's "Solving service" section

} // namespace serve

#endif
