#define _POSIX_C_SOURCE 200809L
#include "bench_serve_client.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int http_connect(http_client *c, int port) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    c->have = 0;
    c->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (c->fd < 0) return -1;
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(c->fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(c->fd);
        return -1;
    }
    return 0;
}

static int send_all(int fd, const char *data, size_t n) {
    while (n) {
        ssize_t sent = send(fd, data, n, MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR) continue;
        if (sent <= 0) return -1;
        data += sent;
        n -= (size_t)sent;
    }
    return 0;
}

/* Reads more bytes into the buffer; -1 when the peer closed or the buffer is full. */
static int fill(http_client *c) {
    if (c->have >= sizeof c->buffer - 1) return -1;
    ssize_t got = recv(c->fd, c->buffer + c->have, sizeof c->buffer - 1 - c->have, 0);
    if (got <= 0) return -1;
    c->have += (size_t)got;
    c->buffer[c->have] = '\0';
    return 0;
}

int http_post(http_client *c, const char *path, const char *body, char *answer, size_t capacity) {
    char head[256];
    size_t length = strlen(body);
    int n = snprintf(head, sizeof head,
                     "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     "Content-Length: %zu\r\n\r\n",
                     path, length);
    if (send_all(c->fd, head, (size_t)n) != 0 || send_all(c->fd, body, length) != 0) return -1;
    char *end = NULL;
    c->buffer[c->have] = '\0';
    while (!(end = strstr(c->buffer, "\r\n\r\n")))
        if (fill(c) != 0) return -1;
    int status = 0;
    const char *field = strstr(c->buffer, "Content-Length:");
    if (sscanf(c->buffer, "HTTP/1.1 %d", &status) != 1 || !field || field > end) return -1;
    size_t size = strtoul(field + 15, NULL, 10);
    size_t header = (size_t)(end + 4 - c->buffer);
    while (c->have < header + size)
        if (fill(c) != 0) return -1;
    size_t copied = size < capacity - 1 ? size : capacity - 1;
    memcpy(answer, c->buffer + header, copied);
    answer[copied] = '\0';
    c->have -= header + size;
    memmove(c->buffer, c->buffer + header + size, c->have);
    return status;
}

void http_close(http_client *c) {
    close(c->fd);
}
