#include "routes.h"

#include "answer.h"
#include "assets.h"
#include "handlers.h"

namespace serve {

namespace {

enum class kind { post, get, get_with_query };

// A file of the page or the API reference.
response file(asset a, const char *type) {
    response r;
    r.type = type;
    r.body.assign(a.data, a.size);
    r.headers.emplace_back("Cache-Control", "no-cache");
    return r;
}

struct endpoint {
    const char *path;
    kind takes;
    response (*answer)(context &ctx, const query &args, std::string_view body);
};

// In the order of the endpoint indexes; "other" follows them.
const endpoint endpoints[] = {
    {"/v1/solve", kind::post, [](context &c, const query &, std::string_view b) { return handle_solve(c, b); }},
    {"/v1/validate", kind::post, [](context &c, const query &, std::string_view b) { return handle_validate(c, b); }},
    {"/v1/scan", kind::post, [](context &c, const query &, std::string_view b) { return handle_scan(c, b); }},
    {"/v1/plan", kind::post, [](context &c, const query &, std::string_view b) { return handle_plan(c, b); }},
    {"/v1/random", kind::get_with_query, [](context &c, const query &q, std::string_view) { return handle_random(c, q); }},
    {"/healthz", kind::get, [](context &c, const query &, std::string_view) { return handle_health(c); }},
    {"/metrics", kind::get, [](context &c, const query &, std::string_view) { return handle_metrics(c); }},
    {"/v1/", kind::get,
     [](context &, const query &, std::string_view) { return file(api_reference(), "text/plain; charset=utf-8"); }},
    {"/", kind::get,
     [](context &, const query &, std::string_view) { return file(page_html(), "text/html; charset=utf-8"); }},
    {"/app.js", kind::get,
     [](context &, const query &, std::string_view) { return file(page_script(), "text/javascript; charset=utf-8"); }},
};
constexpr int endpoint_count = sizeof endpoints / sizeof *endpoints;

response refuse(int http, cube_status status, std::string message) {
    return error_response(failure{http, status, std::move(message)});
}

} // namespace

std::vector<std::string> endpoint_labels() {
    std::vector<std::string> labels;
    for (const endpoint &e : endpoints) labels.emplace_back(e.path);
    labels.emplace_back("other");
    return labels;
}

int endpoint_of(std::string_view path) {
    if (path == "/v1") path = "/v1/";
    for (int i = 0; i < endpoint_count; ++i)
        if (path == endpoints[i].path) return i;
    return endpoint_count;
}

response route(context &ctx, std::string_view method, std::string_view path, const query &args,
               std::string_view body) {
    int index = endpoint_of(path);
    if (index == endpoint_count)
        return refuse(404, CUBE_ERROR_NOT_FOUND, "no such path: " + shown(path) + " (see GET /v1/)");
    const endpoint &e = endpoints[index];
    bool wants_get = e.takes != kind::post;
    if (wants_get ? method != "GET" && method != "HEAD" : method != "POST") {
        response r = refuse(405, CUBE_ERROR_INVALID_ARGUMENT,
                            std::string(e.path) + " takes " + (wants_get ? "GET" : "POST") + ", not " + shown(method));
        r.headers.emplace_back("Allow", wants_get ? "GET, HEAD" : "POST");
        return r;
    }
    if (e.takes != kind::get_with_query && !args.empty())
        return refuse(400, CUBE_ERROR_INVALID_ARGUMENT,
                      std::string(e.path) + " takes no query arguments" + (wants_get ? "" : " (POST a JSON body)"));
    return e.answer(ctx, args, body);
}

} // namespace serve
