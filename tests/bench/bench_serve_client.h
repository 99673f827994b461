/* A minimal HTTP/1.1 client for bench_serve: one keep-alive connection, POST a body, read the answer. */
#ifndef CUBE_BENCH_SERVE_CLIENT_H
#define CUBE_BENCH_SERVE_CLIENT_H

#include <stddef.h>

typedef struct http_client {
    int fd;
    char buffer[65536];
    size_t have; /* bytes read past the last answer */
} http_client;

/* Connects to 127.0.0.1:port (TCP_NODELAY); 0, or -1 with errno set. */
int http_connect(http_client *c, int port);

/* POSTs `body` to `path` and reads the whole answer; its HTTP status, or -1 on a failure. The body of the
 * answer is copied into `answer` (capacity bytes, NUL-terminated, cut if longer). */
int http_post(http_client *c, const char *path, const char *body, char *answer, size_t capacity);

void http_close(http_client *c);

#endif
