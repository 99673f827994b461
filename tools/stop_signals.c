/* The watcher thread of terminal.h passes each stop request on: it cancels the watched driver and token
 * under a lock, so that the main thread can stop watching before it closes the driver. */
#include "stop_signals.h"

#include <pthread.h>

#include "terminal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static cube_driver *watched;
static cube_cancel *watched_token;
static int received;
static int started;

/* Cancels what is watched (under the lock). */
static void pass_on(void) {
    if (watched_token) cube_cancel_trigger(watched_token);
    if (watched) cube_driver_cancel(watched);
}

static void record_and_pass_on(int sig) {
    pthread_mutex_lock(&lock);
    if (!received) received = sig;
    pass_on();
    pthread_mutex_unlock(&lock);
}

int stop_signals_start(void) {
    if (terminal_stop_thread_start(record_and_pass_on) != 0) return -1;
    started = 1;
    return 0;
}

void stop_signals_watch(cube_driver *driver, cube_cancel *token) {
    pthread_mutex_lock(&lock);
    watched = driver;
    watched_token = token;
    if (received) pass_on();
    pthread_mutex_unlock(&lock);
}

int stop_signals_received(void) {
    pthread_mutex_lock(&lock);
    int sig = received;
    pthread_mutex_unlock(&lock);
    return sig;
}

void stop_signals_end(void) {
    if (!started) return;
    stop_signals_watch(NULL, NULL);
    terminal_stop_thread_end();
    started = 0;
}
