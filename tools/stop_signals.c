/* A thread waits for SIGINT/SIGTERM with sigwait() (no async-signal-safety limits) and cancels the
 * watched driver and token under a lock, so that the main thread can stop watching before it closes the
 * driver. */
#include "stop_signals.h"

#include <pthread.h>
#include <signal.h>

static pthread_t watcher;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static cube_driver *watched;
static cube_cancel *watched_token;
static int received;
static sigset_t previous_mask;
static int started;

/* SIGUSR2 only ends the watcher; it is blocked like the others, so it never reaches a handler. */
static void watched_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGUSR2);
}

/* Cancels what is watched (under the lock). */
static void pass_on(void) {
    if (watched_token) cube_cancel_trigger(watched_token);
    if (watched) cube_driver_cancel(watched);
}

static void *watch(void *unused) {
    (void)unused;
    sigset_t set;
    watched_signals(&set);
    for (;;) {
        int sig = 0;
        if (sigwait(&set, &sig) != 0 || sig == SIGUSR2) return NULL;
        pthread_mutex_lock(&lock);
        if (!received) received = sig;
        pass_on();
        pthread_mutex_unlock(&lock);
    }
}

int stop_signals_start(void) {
    sigset_t set;
    watched_signals(&set);
    if (pthread_sigmask(SIG_BLOCK, &set, &previous_mask) != 0) return -1;
    if (pthread_create(&watcher, NULL, watch, NULL) != 0) {
        pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
        return -1;
    }
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
    pthread_kill(watcher, SIGUSR2);
    pthread_join(watcher, NULL);
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
    started = 0;
}
